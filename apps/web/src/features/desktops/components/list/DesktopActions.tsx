import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DesktopSession } from '@portal/shared';
import { canConnect, canDelete, canShare, isOwn } from '../../lib/desktop-rows';

export interface DesktopActionHandlers {
  onConnect(s: DesktopSession): void;
  onLog(s: DesktopSession): void;
  onNative(s: DesktopSession): void;
  onShare(s: DesktopSession): void;
  onDelete(s: DesktopSession): void;
  /** The desktop being deleted now. */
  deleting: string | null;
}

/** A link button that, while it cannot be used, is disabled with the reason as its tooltip. */
const RowButton = (p: { enabled: boolean; why: string; label: string; onClick(): void; children: React.ReactNode }) => (
  <Tooltip title={p.enabled ? undefined : p.why}>
    <Button type="link" size="small" disabled={!p.enabled} onClick={p.onClick} aria-label={p.label}>
      {p.children}
    </Button>
  </Tooltip>
);

/** A row's actions: what the caller may not do yet is disabled with the reason, what is not theirs is hidden. */
export const DesktopActions = ({ s, h }: { s: DesktopSession; h: DesktopActionHandlers }) => {
  const { t } = useTranslation('desktops');
  const name = s.sessionName;
  return (
    <Space size={0}>
      <RowButton
        enabled={canConnect(s)}
        why={t('connect.notRunning')}
        label={t('connect.label', { name })}
        onClick={() => h.onConnect(s)}
      >
        {t('connect.action')}
      </RowButton>
      <Button type="link" size="small" onClick={() => h.onLog(s)} aria-label={t('log.label', { name })}>
        {t('log.action')}
      </Button>
      {isOwn(s) && (
        <RowButton
          enabled={canShare(s)}
          why={t('connect.notRunning')}
          label={t('native.label', { name })}
          onClick={() => h.onNative(s)}
        >
          {t('native.action')}
        </RowButton>
      )}
      {isOwn(s) && (
        <RowButton
          enabled={canShare(s)}
          why={t('share.notRunning')}
          label={t('share.label', { name })}
          onClick={() => h.onShare(s)}
        >
          {t('share.action')}
        </RowButton>
      )}
      {canDelete(s) && (
        <Popconfirm title={t('delete.confirm', { name })} onConfirm={() => h.onDelete(s)} okButtonProps={{ danger: true }}>
          <Button type="link" size="small" danger loading={h.deleting === s.sessionId} aria-label={t('delete.label', { name })}>
            {t('delete.action')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
};
