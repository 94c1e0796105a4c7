import { FullscreenOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DesktopSession } from '@portal/shared';
import type { DesktopViewerState } from '../../lib/use-desktop-viewer';
import { ClipboardPopover } from './ClipboardPopover';
import { DesktopStatus } from './DesktopStatus';

interface Props {
  session: DesktopSession;
  viewer: DesktopViewerState;
  onFullScreen(): void;
}

/** One slim line above the screen, so the desktop keeps nearly the whole window. */
export const DesktopToolbar = ({ session, viewer, onFullScreen }: Props) => {
  const { t } = useTranslation('desktops');
  const observer = viewer.viewMode === 'observation';
  const connected = viewer.phase.state === 'connected';
  return (
    <Flex align="center" gap={12} style={{ padding: '4px 12px', background: '#fff', borderBottom: '1px solid #e5e5e5' }}>
      <Typography.Text strong ellipsis style={{ maxWidth: 280 }}>
        {session.sessionName}
      </Typography.Text>
      {observer && <Tag>{t('viewer.viewOnly')}</Tag>}
      <DesktopStatus phase={viewer.phase} />
      <span style={{ flex: 1 }} />
      <ClipboardPopover
        text={viewer.clipboard}
        onChange={viewer.setClipboard}
        canSend={!observer && connected}
        onSend={(text) => {
          viewer.paste(text);
          // Back to the desktop, where the user pastes it.
          viewer.focus();
        }}
      />
      <Button
        size="small"
        icon={<FullscreenOutlined aria-hidden />}
        onClick={onFullScreen}
        disabled={!document.fullscreenEnabled}
      >
        {t('viewer.fullScreen')}
      </Button>
      <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={viewer.reconnect}>
        {t('viewer.reconnect')}
      </Button>
    </Flex>
  );
};
