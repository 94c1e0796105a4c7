import { App, Button, List, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DesktopSession } from '@portal/shared';
import { useErrorText } from '../../../../lib/errors';
import { useShareDesktop } from '../../api/share-desktop';
import { useUnshareDesktop } from '../../api/unshare-desktop';
import { useViewModeOptions } from './view-mode-options';

/** Who the desktop is shared with: each user's mode can be changed, or the share revoked. */
export const ShareList = ({ session }: { session: DesktopSession }) => {
  const { t } = useTranslation('desktops');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const share = useShareDesktop(session.sessionId);
  const unshare = useUnshareDesktop(session.sessionId);
  const modes = useViewModeOptions();
  const onError = (e: unknown) => void message.error(errorText(e));

  return (
    <List
      size="small"
      style={{ marginTop: 16 }}
      header={<Typography.Text strong>{t('share.current')}</Typography.Text>}
      locale={{ emptyText: t('share.none') }}
      dataSource={session.shareUsers}
      rowKey="userName"
      renderItem={(u) => (
        <List.Item
          actions={[
            <Popconfirm
              key="revoke"
              title={t('share.revokeConfirm', { user: u.userName })}
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                unshare.mutate(u.userName, {
                  onSuccess: () => void message.success(t('share.revoked', { user: u.userName })),
                  onError,
                })
              }
            >
              <Button
                type="link"
                size="small"
                danger
                loading={unshare.isPending && unshare.variables === u.userName}
                aria-label={t('share.revokeLabel', { user: u.userName })}
              >
                {t('share.revoke')}
              </Button>
            </Popconfirm>,
          ]}
        >
          <Space>
            <span>{u.userName}</span>
            {session.connected.includes(u.userName) && <Tag color="green">{t('share.connected')}</Tag>}
          </Space>
          <Select
            size="small"
            aria-label={t('share.modeOf', { user: u.userName })}
            value={u.viewMode}
            options={modes}
            style={{ width: 130 }}
            disabled={share.isPending}
            onChange={(viewMode) => share.mutate({ userName: u.userName, viewMode }, { onError })}
          />
        </List.Item>
      )}
    />
  );
};
