import { Button, Card, DatePicker, Empty, Flex, Input, Radio, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BILL_STATES, DEFAULT_PAGE_SIZE, type BillItem, type ReportScope } from '@portal/shared';
import { Pager } from '../../../components/pager/Pager';
import { scopesFor } from '../../../components/usage/report-scopes';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useBills } from '../api/bills-api';
import { IssueBillsDialog } from '../components/IssueBillsDialog';
import { LoadError } from '../components/LoadError';
import { ReissueDialog } from '../components/ReissueDialog';
import { formatMoney } from '../../../lib/money';

type State = (typeof BILL_STATES)[number];

/** /my-report/bills: issued monthly bills and the versions they replaced; administrators issue and re-issue. */
const BillsPage = () => {
  const { t, i18n } = useTranslation('bills');
  const can = useCan();
  const manage = can('bills:manage');
  const scopes = scopesFor({ all: can('bills:readAll'), accounts: true });
  const [scope, setScope] = useState<ReportScope>(scopes.includes('all') ? 'all' : 'mine');
  const [period, setPeriod] = useState<string>();
  const [account, setAccount] = useState('');
  const [state, setState] = useState<State>();
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [issuing, setIssuing] = useState(false);
  const [reissuing, setReissuing] = useState<BillItem>();
  const bills = useBills({
    scope,
    ...(period ? { period } : {}),
    ...(account ? { account } : {}),
    ...(state ? { state } : {}),
    pageStart: (paging.page - 1) * paging.pageSize,
    pageLimit: paging.pageSize,
  });
  const first = () => setPaging((p) => ({ ...p, page: 1 }));
  const columns: TableColumnsType<BillItem> = [
    { key: 'period', title: t('bills.period'), dataIndex: 'period' },
    { key: 'account', title: t('bills.account'), dataIndex: 'accountName' },
    { key: 'version', title: t('bills.version'), dataIndex: 'version', align: 'right' },
    {
      key: 'state',
      title: t('bills.state'),
      dataIndex: 'state',
      render: (s: State) => <Tag color={s === 'issued' ? 'green' : 'default'}>{t(`bills.states.${s}`)}</Tag>,
    },
    { key: 'jobs', title: t('bills.jobs'), dataIndex: 'jobs', align: 'right' },
    {
      key: 'amount',
      title: t('bills.amount'),
      dataIndex: 'amountCents',
      align: 'right',
      render: (c: number, b) => formatMoney(c, b.currency, i18n.language),
    },
    { key: 'issuedAt', title: t('bills.issuedAt'), dataIndex: 'issuedAt', render: formatDateTime },
    { key: 'issuedBy', title: t('bills.issuedBy'), dataIndex: 'issuedBy' },
    { key: 'remark', title: t('bills.remark'), dataIndex: 'remark', ellipsis: true },
    {
      key: 'actions',
      title: t('bills.actions'),
      fixed: 'right',
      render: (_: unknown, b) => (
        <Space size="small">
          <Link to={`/my-report/my-bill-detail?billId=${b.billId}`}>{t('bills.viewLines')}</Link>
          {manage && b.state === 'issued' && (
            <Button type="link" size="small" onClick={() => setReissuing(b)}>
              {t('bills.reissue')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Card
        size="small"
        title={t('bills.title')}
        extra={
          manage && (
            <Button type="primary" onClick={() => setIssuing(true)}>
              {t('bills.issue')}
            </Button>
          )
        }
      >
        <Flex gap={12} wrap align="center" style={{ marginBottom: 12 }}>
          {scopes.length > 1 && (
            <Radio.Group
              optionType="button"
              value={scope}
              onChange={(e) => {
                setScope(e.target.value as ReportScope);
                first();
              }}
              options={scopes.map((s) => ({ value: s, label: t(`bills.scope.${s}`) }))}
            />
          )}
          <DatePicker
            picker="month"
            format="YYYY-MM"
            aria-label={t('bills.period')}
            placeholder={t('bills.period')}
            value={period ? dayjs(`${period}-01`) : null}
            onChange={(d) => {
              setPeriod(d ? d.format('YYYY-MM') : undefined);
              first();
            }}
          />
          <Input.Search
            allowClear
            aria-label={t('bills.account')}
            placeholder={t('bills.account')}
            maxLength={64}
            style={{ width: 200 }}
            onSearch={(v) => {
              setAccount(v.trim());
              first();
            }}
          />
          <Select<State | ''>
            aria-label={t('bills.state')}
            style={{ width: 160 }}
            value={state ?? ''}
            onChange={(v) => {
              setState(v === '' ? undefined : v);
              first();
            }}
            options={[
              { value: '', label: t('bills.allStates') },
              ...BILL_STATES.map((s) => ({ value: s, label: t(`bills.states.${s}`) })),
            ]}
          />
        </Flex>
        {!bills.data && bills.isError && <LoadError error={bills.error} fetching={bills.isFetching} />}
        <Table<BillItem>
          rowKey="billId"
          size="middle"
          columns={columns}
          dataSource={bills.data?.list}
          loading={bills.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bills.empty')} /> }}
        />
        <Pager paging={paging} total={bills.data?.total ?? 0} loading={bills.isFetching} onChange={setPaging} />
      </Card>
      {issuing && <IssueBillsDialog onClose={() => setIssuing(false)} />}
      {reissuing && <ReissueDialog bill={reissuing} onClose={() => setReissuing(undefined)} />}
    </Flex>
  );
};

export default BillsPage;
