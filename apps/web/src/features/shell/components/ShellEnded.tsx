import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';
import type { ShellPhase } from '../lib/use-shell-terminal';

type Over = Extract<ShellPhase, { state: 'ended' | 'failed' }>;

const overlay: React.CSSProperties = {
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  background: 'rgba(0, 0, 0, 0.55)',
};

/** Why there is no shell (ended, or could not be opened), and the way to a new one. */
export const ShellEnded = ({ phase, onNewShell }: { phase: Over; onNewShell(): void }) => {
  const { t } = useTranslation('shell');
  const errorText = useErrorText();
  const failed = phase.state === 'failed';
  const limit = failed && phase.error instanceof ApiError && phase.error.reason === 'shellLimit';

  const detail = failed
    ? limit
      ? t('error.limit', { max: (phase.error as ApiError).data.max })
      : errorText(phase.error)
    : phase.reason === 'exit'
      ? typeof phase.exitCode === 'number'
        ? t('ended.exit', { code: phase.exitCode })
        : t('ended.signal')
      : t(`ended.${phase.reason}`);

  return (
    <div style={overlay}>
      <Result
        status={failed ? 'error' : 'info'}
        title={failed ? t('error.title') : t('ended.title')}
        subTitle={detail}
        style={{ background: '#fff', borderRadius: 8, maxWidth: 520 }}
        extra={
          <Space>
            {!failed && phase.reason === 'signedOut' ? (
              <Button type="primary" href={`/login?redirect=${encodeURIComponent('/eshell')}`}>
                {t('action.signIn')}
              </Button>
            ) : (
              <Button type="primary" onClick={onNewShell} autoFocus>
                {failed ? t('action.retry') : t('action.newShell')}
              </Button>
            )}
            <Button onClick={() => window.close()}>{t('action.close')}</Button>
          </Space>
        }
      />
    </div>
  );
};
