import { App, Card, Empty, Flex, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountItem } from '@portal/shared';
import { Pager } from '../../../components/pager/Pager';
import { firstPage, toPageStart, type Paging } from '../../../components/pager/paging';
import { useErrorText } from '../../../lib/errors';
import { useCan } from '../../../lib/session';
import { useAccounts } from '../api/list-accounts';
import { useSetDefaultAccount } from '../api/set-default-account';
import { MembersDrawer } from '../components/members/MembersDrawer';
import { myAccountsColumns } from '../components/mine/my-accounts-columns';
import { UserInfoCard } from '../components/mine/UserInfoCard';
import { MyQuotasCard } from '../components/quotas/MyQuotasCard';

/**
 * The caller's accounts (default first) and their quotas, then their groups and organisation; PIs
 * manage their accounts' members.
 */
const MyAccountsPage = () => {
  const { t } = useTranslation('accounts');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const can = useCan();
  const [paging, setPaging] = useState<Paging>(firstPage());
  const [members, setMembers] = useState<AccountItem | null>(null);
  const list = useAccounts({ scope: 'mine', pageStart: toPageStart(paging), pageLimit: paging.pageSize });
  const setDefault = useSetDefaultAccount();
  const columns = myAccountsColumns(t, {
    settingDefault: setDefault.isPending ? (setDefault.variables ?? null) : null,
    onMembers: setMembers,
    onSetDefault: (a) =>
      setDefault.mutate(a.accountName, {
        onSuccess: () => void message.success(t('mine.defaultDone', { name: a.accountName })),
        onError: (e) => void message.error(errorText(e)),
      }),
  });

  return (
    <Flex vertical gap={16}>
      <Card title={t('mine.title')}>
        <Table<AccountItem>
          rowKey="accountName"
          columns={columns}
          dataSource={list.data?.list}
          loading={list.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: list.isError ? errorText(list.error) : <Empty description={t('mine.empty')} /> }}
        />
        <Pager paging={paging} total={list.data?.total ?? 0} loading={list.isFetching} onChange={setPaging} />
      </Card>
      {can('quotas:read') && <MyQuotasCard />}
      <Card title={t('mine.infoTitle')}>
        <UserInfoCard />
      </Card>
      <MembersDrawer
        accountName={members?.accountName ?? null}
        canManage={!!members?.isOwner && can('accounts:members')}
        onClose={() => setMembers(null)}
      />
    </Flex>
  );
};

export default MyAccountsPage;
