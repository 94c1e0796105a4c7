import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { DESKTOP_LOG_MAX_BYTES, type DesktopSession } from '@portal/shared';
import { useErrorText } from '../../../../lib/errors';
import { useDesktopLog } from '../../api/desktop-log';

const logStyle: React.CSSProperties = {
  fontFamily: 'monospace',
  fontSize: 12,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
  background: '#f5f5f5',
  padding: 12,
  borderRadius: 6,
  margin: 0,
};

/** The end of a desktop's VNC log: where a desktop that failed to start says why. */
export const DesktopLogDrawer = ({ session, onClose }: { session: DesktopSession; onClose(): void }) => {
  const { t } = useTranslation('desktops');
  const errorText = useErrorText();
  const log = useDesktopLog(session.sessionId);
  return (
    <Drawer
      open
      size="min(880px, 100vw)"
      title={t('log.title', { name: session.sessionName })}
      onClose={onClose}
      extra={
        <Button icon={<ReloadOutlined aria-hidden />} loading={log.isFetching} onClick={() => void log.refetch()}>
          {t('log.refresh')}
        </Button>
      }
    >
      {log.isPending ? (
        <Skeleton active />
      ) : log.isError ? (
        <Alert type="error" showIcon title={errorText(log.error)} />
      ) : (
        <>
          {log.data.truncated && (
            <Alert
              type="info"
              showIcon
              title={t('log.truncated', { kib: DESKTOP_LOG_MAX_BYTES / 1024 })}
              style={{ marginBottom: 12 }}
            />
          )}
          <pre data-testid="desktop-log" style={logStyle}>
            {log.data.content || t('log.empty')}
          </pre>
        </>
      )}
    </Drawer>
  );
};
