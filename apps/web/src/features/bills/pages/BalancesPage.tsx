import { Alert, Button, Card, Empty, Flex, Input, Radio, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type BillingAccountItem } from '@portal/shared';
import { Pager } from '../../../components/pager/Pager';
import { useCan } from '../../../lib/session';
import { useBillingAccounts } from '../api/bills-api';
import { AccountClassDialog } from '../components/AccountClassDialog';
import { DepositDialog } from '../components/DepositDialog';
import { LedgerDrawer } from '../components/LedgerDrawer';
import { LoadError } from '../components/LoadError';
import { formatMoney } from '../../../lib/money';

/** /my-report/balances: accounts' class and balance; administrators set classes and deposit. */
const BalancesPage = () => {
  const { t, i18n } = useTranslation('bills');
  const can = useCan();
  const manage = can('bills:manage');
  const readAll = can('bills:readAll');
  const [scope, setScope] = useState<'mine' | 'all'>(readAll ? 'all' : 'mine');
  const [accountName, setAccountName] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [classOf, setClassOf] = useState<BillingAccountItem>();
  const [depositTo, setDepositTo] = useState<BillingAccountItem>();
  const [ledgerOf, setLedgerOf] = useState<string>();
  const accounts = useBillingAccounts({
    scope,
    ...(accountName ? { accountName } : {}),
    pageStart: (paging.page - 1) * paging.pageSize,
    pageLimit: paging.pageSize,
  });
  const data = accounts.data;
  const currency = data?.currency ?? '';
  const money = data?.balances !== false;
  const columns: TableColumnsType<BillingAccountItem> = [
    { key: 'account', title: t('balances.account'), dataIndex: 'accountName' },
    { key: 'owner', title: t('balances.owner'), dataIndex: 'owner' },
    { key: 'class', title: t('balances.class'), dataIndex: 'accountClass', render: (c: string) => c || t('none') },
    ...(money
      ? [
          {
            key: 'balance',
            title: t('balances.balance'),
            dataIndex: 'balanceCents',
            align: 'right' as const,
            render: (c: number | null) => formatMoney(c, currency, i18n.language),
          },
        ]
      : []),
    { key: 'lastBilled', title: t('balances.lastBilled'), dataIndex: 'lastBilledPeriod', render: (p: string | null) => p ?? '-' },
    {
      key: 'actions',
      title: t('balances.actions'),
      render: (_: unknown, a) => (
        <Space size="small" wrap>
          {manage && (
            <Button type="link" size="small" onClick={() => setClassOf(a)}>
              {t('balances.setClass')}
            </Button>
          )}
          {manage && money && (
            <Button type="link" size="small" onClick={() => setDepositTo(a)}>
              {t('balances.deposit')}
            </Button>
          )}
          {money && (
            <Button type="link" size="small" onClick={() => setLedgerOf(a.accountName)}>
              {t('balances.ledger')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Card size="small" title={t('balances.title')}>
        <Flex gap={12} wrap align="center" style={{ marginBottom: 12 }}>
          {readAll && (
            <Radio.Group
              optionType="button"
              value={scope}
              onChange={(e) => {
                setScope(e.target.value as 'mine' | 'all');
                setPaging((p) => ({ ...p, page: 1 }));
              }}
              options={(['mine', 'all'] as const).map((s) => ({ value: s, label: t(`bills.scope.${s}`) }))}
            />
          )}
          <Input.Search
            allowClear
            aria-label={t('balances.account')}
            placeholder={t('balances.account')}
            maxLength={64}
            style={{ width: 220 }}
            onSearch={(v) => {
              setAccountName(v.trim());
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          />
        </Flex>
        {data && !data.balances && (
          <Alert type="info" showIcon message={t('balances.noMoney')} style={{ marginBottom: 12 }} data-testid="no-money" />
        )}
        {!data && accounts.isError && <LoadError error={accounts.error} fetching={accounts.isFetching} />}
        <Table<BillingAccountItem>
          rowKey="accountName"
          size="middle"
          columns={columns}
          dataSource={data?.list}
          loading={accounts.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('balances.empty')} /> }}
        />
        <Pager paging={paging} total={data?.total ?? 0} loading={accounts.isFetching} onChange={setPaging} />
      </Card>
      {classOf && <AccountClassDialog account={classOf} onClose={() => setClassOf(undefined)} />}
      {depositTo && <DepositDialog account={depositTo} currency={currency} onClose={() => setDepositTo(undefined)} />}
      {ledgerOf && <LedgerDrawer accountName={ledgerOf} onClose={() => setLedgerOf(undefined)} />}
    </Flex>
  );
};

export default BalancesPage;
