import { Button, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { roleName, type UserSummary } from '@portal/shared';
import { formatDateTime } from '../../../lib/format';
import { StatusTag } from './StatusTag';

interface Actions {
  currentUser: string | undefined;
  onEdit: (u: UserSummary) => void;
  onFreeze: (u: UserSummary) => void;
  onUnfreeze: (u: UserSummary) => void;
  onProvision: (u: UserSummary) => void;
  onTemporaryPassword: (u: UserSummary) => void;
  sortOrder: (key: string) => 'ascend' | 'descend' | null;
}

/** Columns of the user list; sortable ones map onto the API's sort keys. */
export const usersColumns = (t: TFunction<'users'>, a: Actions): TableColumnsType<UserSummary> => [
  { title: t('col.userName'), dataIndex: 'userName', key: 'userName', sorter: true, sortOrder: a.sortOrder('userName') },
  {
    title: t('col.role'),
    dataIndex: 'roleId',
    key: 'roleId',
    sorter: true,
    sortOrder: a.sortOrder('roleId'),
    render: (id: number) => <Tag color="blue">{t(`common:role.${roleName(id)}`)}</Tag>,
  },
  { title: t('col.status'), dataIndex: 'status', render: (s: UserSummary['status']) => <StatusTag status={s} /> },
  { title: t('col.email'), dataIndex: 'email', render: (v: string) => v || '-' },
  { title: t('col.group'), dataIndex: 'groupName', render: (v: string) => v || '-' },
  {
    title: t('col.department'),
    key: 'department',
    render: (_, u) => [u.company, u.department].filter(Boolean).join(' / ') || '-',
  },
  { title: t('col.defaultAccount'), dataIndex: 'defaultAccount', render: (v: string) => v || '-' },
  {
    title: t('col.registeredAt'),
    dataIndex: 'createdAt',
    key: 'createdAt',
    sorter: true,
    sortOrder: a.sortOrder('createdAt'),
    render: formatDateTime,
  },
  {
    title: t('col.lastLogin'),
    dataIndex: 'lastLoginAt',
    key: 'lastLoginAt',
    sorter: true,
    sortOrder: a.sortOrder('lastLoginAt'),
    render: formatDateTime,
  },
  {
    title: t('col.actions'),
    key: 'actions',
    // Kept in view at the right edge while the other columns scroll (1280 px and narrower).
    fixed: 'right',
    render: (_, u) => {
      const self = u.userName === a.currentUser;
      return (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => a.onEdit(u)}>
            {t('edit.action')}
          </Button>
          {u.status === 'active' && (
            <Popconfirm title={t('freeze.confirm', { name: u.userName })} onConfirm={() => a.onFreeze(u)} disabled={self}>
              <Button type="link" size="small" danger disabled={self} title={self ? t('freeze.self') : undefined}>
                {t('freeze.action')}
              </Button>
            </Popconfirm>
          )}
          {u.status === 'active' && (
            <Popconfirm title={t('provision.confirm', { name: u.userName })} onConfirm={() => a.onProvision(u)}>
              <Button type="link" size="small" title={t('provision.hint')}>
                {t('provision.action')}
              </Button>
            </Popconfirm>
          )}
          {(u.status === 'active' || u.status === 'frozen') && !self && (
            <Button type="link" size="small" onClick={() => a.onTemporaryPassword(u)}>
              {t('temporary.action')}
            </Button>
          )}
          {u.status === 'frozen' && (
            <Popconfirm title={t('unfreeze.confirm', { name: u.userName })} onConfirm={() => a.onUnfreeze(u)}>
              <Button type="link" size="small">
                {t('unfreeze.action')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      );
    },
  },
];
