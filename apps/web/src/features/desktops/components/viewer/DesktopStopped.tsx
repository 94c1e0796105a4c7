import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../../lib/errors';
import type { ViewerPhase } from '../../lib/desktop-connection';

type Stopped = Extract<ViewerPhase, { state: 'disconnected' }>;

const overlay: React.CSSProperties = {
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  background: 'rgba(0, 0, 0, 0.55)',
};

/** Why the screen is gone, and where to go: back to the list when the desktop is gone for good. */
export const DesktopStopped = ({ phase, onReconnect }: { phase: Stopped; onReconnect(): void }) => {
  const { t } = useTranslation('desktops');
  const errorText = useErrorText();
  const gone = phase.why === 'ended' || phase.why === 'revoked';
  const text = phase.why === 'error' && phase.error ? errorText(phase.error) : t(`viewer.stopped.${phase.why}.text`);
  return (
    <div style={overlay} data-testid="desktop-stopped" data-reason={phase.why}>
      <Result
        status={gone ? 'info' : 'warning'}
        title={t(`viewer.stopped.${phase.why}.title`)}
        subTitle={text}
        style={{ background: '#fff', borderRadius: 8, maxWidth: 520 }}
        extra={
          <Space wrap>
            {!gone && (
              <Button type="primary" onClick={onReconnect} autoFocus>
                {t('viewer.reconnect')}
              </Button>
            )}
            <Button type={gone ? 'primary' : 'default'} href="/ac-my-app">
              {t('viewer.back')}
            </Button>
          </Space>
        }
      />
    </div>
  );
};
