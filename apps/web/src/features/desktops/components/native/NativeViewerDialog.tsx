import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Skeleton, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DesktopSession } from '@portal/shared';
import { useErrorText } from '../../../../lib/errors';
import { saveBlob } from '../../../../lib/save-file';
import { useDesktopNativeAccess } from '../../api/desktop-native';

const codeStyle: React.CSSProperties = { fontFamily: 'monospace', wordBreak: 'break-all', margin: 0 };

/**
 * Opening a desktop in a native VNC viewer (TigerVNC): the ssh tunnel to run on one's own
 * computer, the viewer's settings file, and the password, each with a copy button.
 */
export const NativeViewerDialog = ({ session, onClose }: { session: DesktopSession; onClose(): void }) => {
  const { t } = useTranslation('desktops');
  const errorText = useErrorText();
  const native = useDesktopNativeAccess(session.sessionId);
  const save = () => {
    if (!native.data) return;
    saveBlob(native.data.configFileName, new Blob([native.data.configFile], { type: 'text/plain' }));
  };
  return (
    <Modal
      open
      title={t('native.title', { name: session.sessionName })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('native.close')}</Button>}
      width={720}
    >
      {native.isPending ? (
        <Skeleton active />
      ) : native.isError ? (
        <Alert type="error" showIcon title={errorText(native.error)} />
      ) : (
        <Steps
          direction="vertical"
          size="small"
          current={-1}
          items={[
            {
              title: t('native.tunnel'),
              description: (
                <>
                  <Typography.Paragraph type="secondary">
                    {t('native.tunnelHint', { port: native.data.localPort })}
                  </Typography.Paragraph>
                  <Typography.Paragraph copyable={{ text: native.data.sshCommand }} data-testid="native-ssh" style={codeStyle}>
                    {native.data.sshCommand}
                  </Typography.Paragraph>
                </>
              ),
            },
            {
              title: t('native.open'),
              description: (
                <>
                  <Typography.Paragraph type="secondary">
                    {t('native.openHint', { file: native.data.configFileName, port: native.data.localPort })}
                  </Typography.Paragraph>
                  <Button icon={<DownloadOutlined aria-hidden />} onClick={save}>
                    {t('native.download', { file: native.data.configFileName })}
                  </Button>
                </>
              ),
            },
            {
              title: t('native.password'),
              description: (
                <Typography.Paragraph copyable={{ text: native.data.password }} style={codeStyle}>
                  {'•'.repeat(native.data.password.length)}
                </Typography.Paragraph>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
};
