import { Button, Card, Flex, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountItem } from '@portal/shared';
import { FilteredEmpty } from '../../../components/FilteredEmpty';
import { Pager } from '../../../components/pager/Pager';
import { firstPage, toPageStart, type Paging } from '../../../components/pager/paging';
import { useErrorText } from '../../../lib/errors';
import { useCan } from '../../../lib/session';
import { useAccounts, type AccountFilter } from '../api/list-accounts';
import { AccountFormDialog } from '../components/edit/AccountFormDialog';
import { AccountFilters } from '../components/list/AccountFilters';
import { accountsColumns } from '../components/list/accounts-columns';
import { useAccountActions } from '../components/list/use-account-actions';
import { MembersDrawer } from '../components/members/MembersDrawer';
import { AccountQuotaDialog } from '../components/quotas/AccountQuotaDialog';
import type { QuotaTarget } from '../components/quotas/quota-form-model';

type Filter = Pick<AccountFilter, 'accountName' | 'status' | 'sort' | 'orderBy'>;

/** Every account: filter, sort and page; administrators create, edit and delete them and manage members. */
const AccountsPage = () => {
  const { t } = useTranslation('accounts');
  const errorText = useErrorText();
  const can = useCan();
  const manage = can('accounts:manage');
  const [filter, setFilter] = useState<Filter>({ sort: 'accountName', orderBy: 'asc' });
  const [paging, setPaging] = useState<Paging>(firstPage());
  const [filterBar, setFilterBar] = useState(0);
  const [members, setMembers] = useState<AccountItem | null>(null);
  const [quotaTarget, setQuotaTarget] = useState<QuotaTarget | null>(null);
  const actions = useAccountActions();
  const list = useAccounts({ ...filter, scope: 'all', pageStart: toPageStart(paging), pageLimit: paging.pageSize });
  const filtered = !!(filter.accountName || filter.status);
  const refilter = (f: Partial<Filter>) => {
    setFilter((old) => ({ ...old, ...f }));
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const clearFilters = () => {
    refilter({ accountName: undefined, status: undefined });
    setFilterBar((n) => n + 1);
  };
  const columns = accountsColumns(t, {
    manage: manage ? actions : null,
    onMembers: setMembers,
    onQuota: can('quotas:manage') ? (a) => setQuotaTarget({ accountName: a.accountName }) : null,
    sortOrder: (key) => (filter.sort === key ? (filter.orderBy === 'asc' ? 'ascend' : 'descend') : null),
  });

  return (
    <Card
      title={t('list.title')}
      extra={
        manage && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={actions.onCreate}>
            {t('create.action')}
          </Button>
        )
      }
    >
      <Flex key={filterBar} style={{ marginBottom: 16 }}>
        <AccountFilters onName={(accountName) => refilter({ accountName })} onStatus={(status) => refilter({ status })} />
      </Flex>
      <Table<AccountItem>
        rowKey="accountName"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: list.isError ? (
            errorText(list.error)
          ) : (
            <FilteredEmpty filtered={filtered} emptyText={t(manage ? 'list.emptyManage' : 'list.empty')} onClear={clearFilters} />
          ),
        }}
        onChange={(_p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const key = (s?.columnKey as Filter['sort'] | undefined) ?? 'accountName';
          refilter({ sort: s?.order ? key : 'accountName', orderBy: s?.order === 'descend' ? 'desc' : 'asc' });
        }}
      />
      <Pager paging={paging} total={list.data?.total ?? 0} loading={list.isFetching} onChange={setPaging} />
      <AccountFormDialog account={actions.editing} loading={actions.saving} onCancel={actions.onCancel} onOk={actions.save} />
      <AccountQuotaDialog target={quotaTarget} onClose={() => setQuotaTarget(null)} />
      <MembersDrawer
        accountName={members?.accountName ?? null}
        canManage={manage || (!!members?.isOwner && can('accounts:members'))}
        onClose={() => setMembers(null)}
      />
    </Card>
  );
};

export default AccountsPage;
