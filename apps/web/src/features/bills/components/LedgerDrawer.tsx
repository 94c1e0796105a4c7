import { Drawer, Empty, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE, type LedgerEntry } from '@portal/shared';
import { Pager } from '../../../components/pager/Pager';
import { formatDateTime } from '../../../lib/format';
import { historyDetailsPath } from '../../../lib/job-links';
import { useLedger } from '../api/bills-api';
import { LoadError } from './LoadError';
import { formatMoney } from '../../../lib/money';

/** An account's deposits and job charges, newest first, a page at a time. */
export const LedgerDrawer = ({ accountName, onClose }: { accountName: string; onClose: () => void }) => {
  const { t, i18n } = useTranslation('bills');
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const ledger = useLedger(accountName, { pageStart: (paging.page - 1) * paging.pageSize, pageLimit: paging.pageSize });
  const currency = ledger.data?.currency ?? '';
  const columns: TableColumnsType<LedgerEntry> = [
    { key: 'at', title: t('balances.ledgerDrawer.at'), dataIndex: 'at', render: formatDateTime },
    {
      key: 'kind',
      title: t('balances.ledgerDrawer.kind'),
      dataIndex: 'kind',
      render: (k: LedgerEntry['kind']) => (
        <Tag color={k === 'deposit' ? 'green' : 'blue'}>{t(`balances.ledgerDrawer.kinds.${k}`)}</Tag>
      ),
    },
    {
      key: 'amount',
      title: t('balances.ledgerDrawer.amount'),
      dataIndex: 'amountCents',
      align: 'right',
      render: (c: number) => formatMoney(c, currency, i18n.language),
    },
    {
      key: 'job',
      title: t('balances.ledgerDrawer.job'),
      dataIndex: 'jobId',
      render: (jobId: string | null, e) =>
        jobId ? <Link to={historyDetailsPath({ jobId, clusterId: e.clusterId ?? undefined })}>{jobId}</Link> : '-',
    },
    { key: 'by', title: t('balances.ledgerDrawer.by'), dataIndex: 'by' },
    { key: 'remark', title: t('balances.ledgerDrawer.remark'), dataIndex: 'remark', ellipsis: true },
  ];
  return (
    <Drawer open width={760} title={t('balances.ledgerDrawer.title', { account: accountName })} onClose={onClose}>
      {!ledger.data && ledger.isError && <LoadError error={ledger.error} fetching={ledger.isFetching} />}
      {ledger.data && (
        <Typography.Paragraph strong data-testid="ledger-balance">
          {t('balances.ledgerDrawer.balance', { balance: formatMoney(ledger.data.balanceCents, currency, i18n.language) })}
        </Typography.Paragraph>
      )}
      <Table<LedgerEntry>
        rowKey="entryId"
        size="small"
        columns={columns}
        dataSource={ledger.data?.list}
        loading={ledger.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('balances.ledgerDrawer.empty')} /> }}
      />
      <Pager paging={paging} total={ledger.data?.total ?? 0} loading={ledger.isFetching} onChange={setPaging} />
    </Drawer>
  );
};
