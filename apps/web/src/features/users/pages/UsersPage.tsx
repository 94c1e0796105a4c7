import { App, Card, Flex, Input, Select, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_STATUSES, type UserStatus, type UserSummary } from '@portal/shared';
import { FilteredEmpty } from '../../../components/FilteredEmpty';
import { Pager } from '../../../components/pager/Pager';
import { firstPage, toPageStart, type Paging } from '../../../components/pager/paging';
import { useErrorText } from '../../../lib/errors';
import { useSession } from '../../../lib/session';
import { useFreezeUser } from '../api/freeze-user';
import { useUsers, type UserFilter } from '../api/list-users';
import { useModifyUser } from '../api/modify-user';
import { useProvisionUser } from '../api/provision-user';
import { useSetTemporaryPassword } from '../api/set-temporary-password';
import { useUnfreezeUser } from '../api/unfreeze-user';
import { EditUserDialog } from '../components/EditUserDialog';
import { RoleSelect } from '../components/RoleSelect';
import { TemporaryPasswordDialog } from '../components/TemporaryPasswordDialog';
import { usersColumns } from '../components/users-columns';

type Filter = Pick<UserFilter, 'userName' | 'roleId' | 'status' | 'sort' | 'order'>;

/** All users: filter, sort, change role and organisation, freeze and unfreeze, install on the clusters again. */
const UsersPage = () => {
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { indexData } = useSession();
  const [filter, setFilter] = useState<Filter>({ sort: 'userName', order: 'asc' });
  const [paging, setPaging] = useState<Paging>(firstPage());
  // Bumped to clear the filter fields (uncontrolled inputs start afresh).
  const [filterBar, setFilterBar] = useState(0);
  const filtered = !!(filter.userName || filter.roleId || filter.status);
  const clearFilters = () => {
    refilter({ userName: undefined, roleId: undefined, status: undefined });
    setFilterBar((n) => n + 1);
  };
  const [editing, setEditing] = useState<UserSummary | null>(null);
  const [resetting, setResetting] = useState<UserSummary | null>(null);
  const temporary = useSetTemporaryPassword();
  const list = useUsers({ ...filter, pageStart: toPageStart(paging), pageLimit: paging.pageSize });
  const modify = useModifyUser();
  const freeze = useFreezeUser();
  const unfreeze = useUnfreezeUser();
  const provision = useProvisionUser();
  const feedback = {
    onSuccess: () => void message.success(t('common:operationSuccess')),
    onError: (e: unknown) => void message.error(errorText(e)),
  };
  const refilter = (f: Partial<Filter>) => {
    setFilter((old) => ({ ...old, ...f }));
    setPaging((p) => ({ ...p, page: 1 }));
  };

  const columns = usersColumns(t, {
    currentUser: indexData?.currentUser,
    onEdit: setEditing,
    onTemporaryPassword: setResetting,
    onFreeze: (u) => freeze.mutate(u.userName, feedback),
    onUnfreeze: (u) => unfreeze.mutate(u.userName, feedback),
    onProvision: (u) =>
      provision.mutate(u.userName, {
        onSuccess: ({ failedClusters }) =>
          void (failedClusters.length === 0
            ? message.success(t('provision.done', { name: u.userName }))
            : message.warning(t('provision.failed', { clusters: failedClusters.join(', ') }), 8)),
        onError: feedback.onError,
      }),
    sortOrder: (key) => (filter.sort === key ? (filter.order === 'asc' ? 'ascend' : 'descend') : null),
  });

  return (
    <Card title={t('list.title')}>
      <Flex key={filterBar} gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('searchName')}
          aria-label={t('searchName')}
          style={{ width: 240 }}
          onSearch={(v) => refilter({ userName: v.trim() || undefined })}
        />
        <RoleSelect
          allowClear
          placeholder={t('col.role')}
          aria-label={t('col.role')}
          style={{ width: 160 }}
          onChange={(roleId?: number) => refilter({ roleId })}
        />
        <Select<UserStatus>
          allowClear
          placeholder={t('col.status')}
          aria-label={t('col.status')}
          style={{ width: 160 }}
          options={USER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          onChange={(status?: UserStatus) => refilter({ status })}
        />
      </Flex>
      <Table<UserSummary>
        rowKey="userName"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: list.isError ? (
            errorText(list.error)
          ) : (
            <FilteredEmpty filtered={filtered} emptyText={t('list.empty')} onClear={clearFilters} />
          ),
        }}
        onChange={(_p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const key = (s?.columnKey as Filter['sort'] | undefined) ?? 'userName';
          refilter({ sort: s?.order ? key : 'userName', order: s?.order === 'descend' ? 'desc' : 'asc' });
        }}
      />
      <Pager paging={paging} total={list.data?.total ?? 0} loading={list.isFetching} onChange={setPaging} />
      <EditUserDialog
        user={editing}
        isSelf={editing?.userName === indexData?.currentUser}
        loading={modify.isPending}
        onCancel={() => setEditing(null)}
        onOk={(change) =>
          modify.mutate(editing?.userName === indexData?.currentUser ? { ...change, roleId: undefined } : change, {
            ...feedback,
            onSuccess: () => {
              feedback.onSuccess();
              setEditing(null);
            },
          })
        }
      />
      <TemporaryPasswordDialog
        user={resetting}
        strength={indexData?.passwordStrength ?? 'middle'}
        loading={temporary.isPending}
        onCancel={() => setResetting(null)}
        onOk={(v) =>
          resetting &&
          temporary.mutate(
            { userName: resetting.userName, ...v },
            {
              onSuccess: () => {
                void message.success(t('temporary.done', { name: resetting.userName }), 6);
                setResetting(null);
              },
              onError: feedback.onError,
            },
          )
        }
      />
    </Card>
  );
};

export default UsersPage;
