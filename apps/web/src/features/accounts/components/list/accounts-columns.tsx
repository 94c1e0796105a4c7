import { Button, Popconfirm, Space, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { AccountItem } from '@portal/shared';
import { formatDateTime } from '../../../../lib/format';
import { AccountStatusTag } from '../AccountStatusTag';

interface Actions {
  /** Administrators: edit and delete (null hides the actions column: roles that only read). */
  manage: null | {
    onEdit: (a: AccountItem) => void;
    onDelete: (a: AccountItem) => void;
    /** Delete asked of an account that still has members: explain why not. */
    onRefusedDelete: (a: AccountItem) => void;
  };
  onMembers: (a: AccountItem) => void;
  /** Administrators who set quotas: the account's limits (null: no such button). */
  onQuota: ((a: AccountItem) => void) | null;
  sortOrder: (key: string) => 'ascend' | 'descend' | null;
}

const orgText = (a: AccountItem) => [a.company, a.department].filter(Boolean).join(' / ') || '-';

/** Columns of the account list; sortable ones map onto the API's sort keys. */
export const accountsColumns = (t: TFunction<'accounts'>, a: Actions): TableColumnsType<AccountItem> => [
  {
    title: t('col.accountName'),
    dataIndex: 'accountName',
    key: 'accountName',
    sorter: true,
    sortOrder: a.sortOrder('accountName'),
    // The description goes under the name: one column less keeps the actions in view at 1280-1440 px.
    render: (name: string, r) => (
      <>
        <div>{name}</div>
        {r.description && <Typography.Text type="secondary">{r.description}</Typography.Text>}
      </>
    ),
  },
  { title: t('col.owner'), dataIndex: 'ownerName' },
  { title: t('col.org'), key: 'org', render: (_, r) => orgText(r) },
  {
    title: t('col.status'),
    dataIndex: 'status',
    key: 'status',
    sorter: true,
    sortOrder: a.sortOrder('status'),
    render: (s: AccountItem['status']) => <AccountStatusTag status={s} />,
  },
  {
    title: t('col.members'),
    dataIndex: 'memberCount',
    key: 'memberCount',
    sorter: true,
    sortOrder: a.sortOrder('memberCount'),
    render: (n: number, r) => (
      <Button
        type="link"
        size="small"
        onClick={() => a.onMembers(r)}
        aria-label={t('members.countLabel', { count: n, name: r.accountName })}
      >
        {n}
      </Button>
    ),
  },
  {
    title: t('col.createdAt'),
    dataIndex: 'createdAt',
    key: 'createdAt',
    sorter: true,
    sortOrder: a.sortOrder('createdAt'),
    render: formatDateTime,
  },
  ...(a.manage ? [actionsColumn(t, a.manage, a.onMembers, a.onQuota)] : []),
];

const actionsColumn = (
  t: TFunction<'accounts'>,
  m: NonNullable<Actions['manage']>,
  onMembers: (a: AccountItem) => void,
  onQuota: Actions['onQuota'],
): TableColumnsType<AccountItem>[number] => ({
  title: t('col.actions'),
  key: 'actions',
  // Kept in view at the right edge while the other columns scroll (1280 px and narrower).
  fixed: 'right',
  render: (_, r) => {
    // Only the owner left: the server deletes it; otherwise it refuses (accountHasMembers).
    const deletable = r.memberCount <= 1;
    return (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => m.onEdit(r)}>
          {t('edit.action')}
        </Button>
        <Button type="link" size="small" onClick={() => onMembers(r)}>
          {t('members.action')}
        </Button>
        {onQuota && (
          <Button
            type="link"
            size="small"
            onClick={() => onQuota(r)}
            aria-label={t('quota.actionLabel', { name: r.accountName })}
          >
            {t('quota.action')}
          </Button>
        )}
        {deletable ? (
          <Popconfirm
            title={t('delete.confirm', { name: r.accountName })}
            onConfirm={() => m.onDelete(r)}
            okButtonProps={{ danger: true }}
          >
            <Button type="link" size="small" danger>
              {t('delete.action')}
            </Button>
          </Popconfirm>
        ) : (
          // Still members besides the owner: the button says why it cannot delete (focusable, unlike a disabled one).
          <Tooltip title={t('delete.hasMembers')}>
            <Button type="link" size="small" danger aria-disabled onClick={() => m.onRefusedDelete(r)}>
              {t('delete.action')}
            </Button>
          </Tooltip>
        )}
      </Space>
    );
  },
});
