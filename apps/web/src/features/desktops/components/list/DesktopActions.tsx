import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DesktopSession } from '@portal/shared';
import { canConnect, canDelete, canShare, isOwn } from '../../lib/desktop-rows';

export interface DesktopActionHandlers {
  onConnect(s: DesktopSession): void;
  onLog(s: DesktopSession): void;
  onShare(s: DesktopSession): void;
  onDelete(s: DesktopSession): void;
  /** The desktop being deleted now. */
  deleting: string | null;
}

/** A row's actions: what the caller may not do yet is disabled with the reason, what is not theirs is hidden. */
export const DesktopActions = ({ s, h }: { s: DesktopSession; h: DesktopActionHandlers }) => {
  const { t } = useTranslation('desktops');
  const name = s.sessionName;
  return (
    <Space size={0}>
      <Tooltip title={canConnect(s) ? undefined : t('connect.notRunning')}>
        <Button
          type="link"
          size="small"
          disabled={!canConnect(s)}
          onClick={() => h.onConnect(s)}
          aria-label={t('connect.label', { name })}
        >
          {t('connect.action')}
        </Button>
      </Tooltip>
      <Button type="link" size="small" onClick={() => h.onLog(s)} aria-label={t('log.label', { name })}>
        {t('log.action')}
      </Button>
      {isOwn(s) && (
        <Tooltip title={canShare(s) ? undefined : t('share.notRunning')}>
          <Button
            type="link"
            size="small"
            disabled={!canShare(s)}
            onClick={() => h.onShare(s)}
            aria-label={t('share.label', { name })}
          >
            {t('share.action')}
          </Button>
        </Tooltip>
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
