import { App, Button, Drawer, Empty, Flex, List, Popconfirm, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountMember } from '@portal/shared';
import { useErrorText } from '../../../../lib/errors';
import { formatDateTime } from '../../../../lib/format';
import { useCan } from '../../../../lib/session';
import { useAccount } from '../../api/get-account';
import { useAccountQuotas } from '../../api/list-quotas';
import { useRemoveAccountMember } from '../../api/remove-account-member';
import { AccountStatusTag } from '../AccountStatusTag';
import { AccountQuotaSection } from '../quotas/AccountQuotaSection';
import { MemberQuotaText } from '../quotas/MemberQuotaText';
import type { QuotaTarget } from '../quotas/quota-form-model';
import { AccountQuotaDialog } from '../quotas/AccountQuotaDialog';
import { AddMemberForm } from './AddMemberForm';

interface Props {
  /** The account whose members are shown (null: closed). */
  accountName: string | null;
  /** Its owner or an administrator: add and remove members. */
  canManage: boolean;
  onClose: () => void;
}

/**
 * An account's members, with badges for the owner and for those whose default account it is, and
 * its quotas: the account's limits and each member's own (administrators change them).
 */
export const MembersDrawer = ({ accountName, canManage, onClose }: Props) => {
  const { t } = useTranslation('accounts');
  const { t: tq } = useTranslation('quotas');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const can = useCan();
  const setQuotas = can('quotas:manage');
  const account = useAccount(accountName);
  // Roles that read all accounts read every member's quota; a PI may read only their own.
  const readAll = can('accounts:readAll');
  const quotas = useAccountQuotas(accountName, readAll, can('quotas:read'));
  const { quotaOf } = quotas;
  const [quotaTarget, setQuotaTarget] = useState<QuotaTarget | null>(null);
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
          {accountName && can('quotas:read') && (
            <AccountQuotaSection
              accountName={accountName}
              quota={quotaOf('')}
              loading={!quotas.data}
              error={quotas.error}
              onEdit={setQuotas ? () => setQuotaTarget({ accountName }) : null}
            />
          )}
          {canManage && accountName && <AddMemberForm accountName={accountName} />}
          <List<AccountMember>
            dataSource={members}
            locale={{ emptyText: <Empty description={t('members.empty')} /> }}
            renderItem={(m) => (
              <List.Item
                actions={[
                  ...(setQuotas && accountName
                    ? [
                        <Button
                          key="quota"
                          type="link"
                          size="small"
                          onClick={() => setQuotaTarget({ accountName, userName: m.userName })}
                          aria-label={tq('edit.memberLabel', { user: m.userName })}
                        >
                          {tq('edit.memberAction')}
                        </Button>,
                      ]
                    : []),
                  ...(canManage && !m.isOwner
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
                    : []),
                ]}
              >
                <List.Item.Meta
                  title={
                    <Space size={4} wrap>
                      <span>{m.userName}</span>
                      {m.isOwner && <Tag color="gold">{t('members.ownerBadge')}</Tag>}
                      {m.isDefault && <Tag color="blue">{t('members.defaultBadge')}</Tag>}
                    </Space>
                  }
                  description={
                    <Flex vertical>
                      <span>{t('members.added', { at: formatDateTime(m.addedAt), by: m.addedBy || '-' })}</span>
                      {quotas.data && (readAll || quotaOf(m.userName)) && <MemberQuotaText quota={quotaOf(m.userName)} />}
                    </Flex>
                  }
                />
              </List.Item>
            )}
          />
        </Flex>
      )}
      <AccountQuotaDialog target={quotaTarget} onClose={() => setQuotaTarget(null)} />
    </Drawer>
  );
};
