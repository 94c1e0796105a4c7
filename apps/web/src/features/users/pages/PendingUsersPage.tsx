import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Input, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserSummary } from '@portal/shared';
import { FilteredEmpty } from '../../../components/FilteredEmpty';
import { Pager } from '../../../components/pager/Pager';
import { firstPage, toPageStart, type Paging } from '../../../components/pager/paging';
import { useErrorText } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useApproveUsers } from '../api/approve-users';
import { usePendingUsers } from '../api/list-pending-users';
import { useRefuseUsers } from '../api/refuse-users';
import { ApproveDialog, RefuseDialog } from '../components/ReviewDialogs';

/** Registered users waiting for an administrator: approve (with a role) or refuse (with a reason). */
const PendingUsersPage = () => {
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [search, setSearch] = useState('');
  // Bumped to clear the search box (an uncontrolled input starts afresh).
  const [searchBox, setSearchBox] = useState(0);
  const [paging, setPaging] = useState<Paging>(firstPage());
  const [selected, setSelected] = useState<string[]>([]);
  const [approving, setApproving] = useState<string[]>([]);
  const [refusing, setRefusing] = useState<string[]>([]);
  const list = usePendingUsers({ userName: search || undefined, pageStart: toPageStart(paging), pageLimit: paging.pageSize });
  const approve = useApproveUsers();
  const refuse = useRefuseUsers();

  const done = (key: string, names: string[]) => {
    void message.success(t(key, { count: names.length }));
    setSelected([]);
    setApproving([]);
    setRefusing([]);
  };
  const columns: TableColumnsType<UserSummary> = [
    { title: t('col.userName'), dataIndex: 'userName' },
    { title: t('col.email'), dataIndex: 'email' },
    { title: t('col.phone'), dataIndex: 'phoneNum', render: (v: string) => v || '-' },
    { title: t('col.description'), dataIndex: 'descInfo', ellipsis: true, render: (v: string) => v || '-' },
    { title: t('col.registeredAt'), dataIndex: 'createdAt', render: formatDateTime },
    {
      title: t('col.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, u) => (
        <Space>
          <Button size="small" type="link" icon={<CheckOutlined aria-hidden />} onClick={() => setApproving([u.userName])}>
            {t('approve.action')}
          </Button>
          <Button size="small" type="link" danger icon={<CloseOutlined aria-hidden />} onClick={() => setRefusing([u.userName])}>
            {t('refuse.action')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('pending.title')}>
      <Flex justify="space-between" gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          key={searchBox}
          allowClear
          placeholder={t('searchName')}
          aria-label={t('searchName')}
          style={{ width: 260 }}
          onSearch={(v) => {
            setSearch(v.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        <Space>
          <Button type="primary" disabled={!selected.length} onClick={() => setApproving(selected)}>
            {t('approve.selected', { count: selected.length })}
          </Button>
          <Button danger disabled={!selected.length} onClick={() => setRefusing(selected)}>
            {t('refuse.selected', { count: selected.length })}
          </Button>
        </Space>
      </Flex>
      <Table<UserSummary>
        rowKey="userName"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        locale={{
          emptyText: list.isError ? (
            errorText(list.error)
          ) : (
            <FilteredEmpty
              filtered={search !== ''}
              emptyText={t('pending.empty')}
              onClear={() => {
                setSearch('');
                setSearchBox((n) => n + 1);
                setPaging((p) => ({ ...p, page: 1 }));
              }}
            />
          ),
        }}
      />
      <Pager paging={paging} total={list.data?.total ?? 0} loading={list.isFetching} onChange={setPaging} />
      <ApproveDialog
        key={`a:${approving.join(',')}`}
        userNames={approving}
        loading={approve.isPending}
        onCancel={() => setApproving([])}
        onOk={({ roleId }) =>
          approve.mutate(
            { userNames: approving, roleId },
            { onSuccess: () => done('approve.done', approving), onError: (e) => void message.error(errorText(e)) },
          )
        }
      />
      <RefuseDialog
        key={`r:${refusing.join(',')}`}
        userNames={refusing}
        loading={refuse.isPending}
        onCancel={() => setRefusing([])}
        onOk={({ reason }) =>
          refuse.mutate(
            { userNames: refusing, reason },
            { onSuccess: () => done('refuse.done', refusing), onError: (e) => void message.error(errorText(e)) },
          )
        }
      />
    </Card>
  );
};

export default PendingUsersPage;
