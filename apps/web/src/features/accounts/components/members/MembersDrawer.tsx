import { App, Button, Drawer, Empty, Flex, List, Popconfirm, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AccountMember } from '@portal/shared';
import { useErrorText } from '../../../../lib/errors';
import { formatDateTime } from '../../../../lib/format';
import { useAccount } from '../../api/get-account';
import { useRemoveAccountMember } from '../../api/remove-account-member';
import { AccountStatusTag } from '../AccountStatusTag';
import { AddMemberForm } from './AddMemberForm';

interface Props {
  /** The account whose members are shown (null: closed). */
  accountName: string | null;
  /** Its owner or an administrator: add and remove members. */
  canManage: boolean;
  onClose: () => void;
}

/** An account's members, with badges for the owner and for those whose default account it is. */
export const MembersDrawer = ({ accountName, canManage, onClose }: Props) => {
  const { t } = useTranslation('accounts');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const account = useAccount(accountName);
  const remove = useRemoveAccountMember();
  const onRemove = (m: AccountMember) =>
    accountName &&
    remove.mutate(
      { accountName, userName: m.userName },
      {
        onSuccess: () => void message.success(t('members.removed', { user: m.userName })),
        onError: (e) => void message.error(errorText(e)),
      },
    );
  const members = account.data?.members ?? [];

  return (
    <Drawer
      open={!!accountName}
      onClose={onClose}
      title={t('members.title', { name: accountName ?? '' })}
      size={560}
      destroyOnHidden
    >
      {account.isError ? (
        <Result status="error" title={errorText(account.error)} />
      ) : !account.data ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <Space wrap>
            <AccountStatusTag status={account.data.status} />
            <Typography.Text type="secondary">{t('members.owner', { owner: account.data.ownerName })}</Typography.Text>
          </Space>
          {canManage && accountName && <AddMemberForm accountName={accountName} />}
          <List<AccountMember>
            dataSource={members}
            locale={{ emptyText: <Empty description={t('members.empty')} /> }}
            renderItem={(m) => (
              <List.Item
                actions={
                  canManage && !m.isOwner
                    ? [
                        <Popconfirm
                          key="remove"
                          title={t('members.removeConfirm', { user: m.userName, name: accountName })}
                          description={m.isDefault ? t('members.removeDefault') : undefined}
                          onConfirm={() => onRemove(m)}
                          okButtonProps={{ danger: true }}
                        >
                          <Button type="link" size="small" danger aria-label={t('members.removeLabel', { user: m.userName })}>
                            {t('members.remove')}
                          </Button>
                        </Popconfirm>,
                      ]
                    : []
                }
              >
                <List.Item.Meta
                  title={
                    <Space size={4} wrap>
                      <span>{m.userName}</span>
                      {m.isOwner && <Tag color="gold">{t('members.ownerBadge')}</Tag>}
                      {m.isDefault && <Tag color="blue">{t('members.defaultBadge')}</Tag>}
                    </Space>
                  }
                  description={t('members.added', { at: formatDateTime(m.addedAt), by: m.addedBy || '-' })}
                />
              </List.Item>
            )}
          />
        </Flex>
      )}
    </Drawer>
  );
};
