import { Button, Space, Tag, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { AccountItem } from '@portal/shared';
import { AccountStatusTag } from '../AccountStatusTag';

interface Actions {
  onSetDefault: (a: AccountItem) => void;
  /** Accounts the caller owns: manage their members. */
  onMembers: (a: AccountItem) => void;
  settingDefault: string | null;
}

/** The caller's accounts: the default one marked; set another as default; owners manage members. */
export const myAccountsColumns = (t: TFunction<'accounts'>, a: Actions): TableColumnsType<AccountItem> => [
  {
    title: t('col.accountName'),
    dataIndex: 'accountName',
    render: (name: string, r) => (
      <Space size={4} wrap>
        <span>{name}</span>
        {r.isDefault && <Tag color="blue">{t('members.defaultBadge')}</Tag>}
        {r.isOwner && <Tag color="gold">{t('members.ownerBadge')}</Tag>}
      </Space>
    ),
  },
  { title: t('col.owner'), dataIndex: 'ownerName' },
  { title: t('col.org'), key: 'org', render: (_, r) => [r.company, r.department].filter(Boolean).join(' / ') || '-' },
  { title: t('col.status'), dataIndex: 'status', render: (s: AccountItem['status']) => <AccountStatusTag status={s} /> },
  { title: t('col.members'), dataIndex: 'memberCount' },
  { title: t('col.description'), dataIndex: 'description', ellipsis: true, render: (v: string) => v || '-' },
  {
    title: t('col.actions'),
    key: 'actions',
    fixed: 'right',
    render: (_, r) => (
      <Space size={0}>
        {!r.isDefault && (
          <Button
            type="link"
            size="small"
            loading={a.settingDefault === r.accountName}
            onClick={() => a.onSetDefault(r)}
            aria-label={t('mine.setDefaultLabel', { name: r.accountName })}
          >
            {t('mine.setDefault')}
          </Button>
        )}
        {r.isOwner && (
          <Button
            type="link"
            size="small"
            onClick={() => a.onMembers(r)}
            aria-label={t('members.actionLabel', { name: r.accountName })}
          >
            {t('members.action')}
          </Button>
        )}
      </Space>
    ),
  },
];
