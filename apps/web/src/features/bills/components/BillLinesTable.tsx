import { Empty, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDuration, type BillLine } from '@portal/shared';
import { formatDateTime } from '../../../lib/format';
import { historyDetailsPath } from '../../../lib/job-links';
import { formatHours, formatSeconds, type HourUnits } from '../../../components/usage/usage-format';
import { formatCents, formatPrice } from '../../../lib/money';

interface Props {
  lines: BillLine[] | undefined;
  loading: boolean;
  emptyText: string;
}

/** One row per finished job: resources, run time, hours, prices and the line's rounded amount. */
export const BillLinesTable = ({ lines, loading, emptyText }: Props) => {
  const { t, i18n } = useTranslation('bills');
  const units: HourUnits = { billion: t('unit.billion'), million: t('unit.million') };
  const hours = (s: number) => (
    <Tooltip title={t('totals.seconds', { seconds: formatSeconds(s, i18n.language) })}>
      <span>{formatHours(s, units)}</span>
    </Tooltip>
  );
  const columns: TableColumnsType<BillLine> = [
    {
      key: 'jobId',
      title: t('detail.col.jobId'),
      dataIndex: 'jobId',
      fixed: 'left',
      render: (jobId: string, l) => <Link to={historyDetailsPath({ jobId, clusterId: l.clusterId })}>{jobId}</Link>,
    },
    { key: 'jobName', title: t('detail.col.jobName'), dataIndex: 'jobName', ellipsis: true },
    { key: 'user', title: t('detail.col.user'), dataIndex: 'user' },
    { key: 'account', title: t('detail.col.account'), dataIndex: 'account' },
    { key: 'queue', title: t('detail.col.queue'), dataIndex: 'queue' },
    { key: 'endedAt', title: t('detail.col.endedAt'), dataIndex: 'endedAt', render: formatDateTime },
    { key: 'cores', title: t('detail.col.cores'), dataIndex: 'cores', align: 'right' },
    { key: 'cards', title: t('detail.col.cards'), dataIndex: 'cards', align: 'right' },
    { key: 'runTime', title: t('detail.col.runTime'), dataIndex: 'seconds', align: 'right', render: formatDuration },
    { key: 'coreHours', title: t('detail.col.coreHours'), dataIndex: 'coreSeconds', align: 'right', render: hours },
    { key: 'cardHours', title: t('detail.col.cardHours'), dataIndex: 'cardSeconds', align: 'right', render: hours },
    {
      key: 'coreHourPrice',
      title: t('detail.col.coreHourPrice'),
      dataIndex: 'coreHourPrice',
      align: 'right',
      render: (p: string, l) => (l.priceId === null ? '-' : formatPrice(p)),
    },
    {
      key: 'cardHourPrice',
      title: t('detail.col.cardHourPrice'),
      dataIndex: 'cardHourPrice',
      align: 'right',
      render: (p: string, l) => (l.priceId === null ? '-' : formatPrice(p)),
    },
    {
      key: 'amount',
      title: t('detail.col.amount'),
      dataIndex: 'amountCents',
      align: 'right',
      // The figure the page is about stays in view while the wide table scrolls.
      fixed: 'right',
      render: (c: number, l) =>
        l.priceId === null ? (
          <Tooltip title={t('detail.noPrice')}>
            <Typography.Text type="secondary">{formatCents(c, i18n.language)}</Typography.Text>
          </Tooltip>
        ) : (
          formatCents(c, i18n.language)
        ),
    },
  ];
  return (
    <Table<BillLine>
      rowKey={(l) => `${l.clusterId}/${l.jobId}`}
      size="middle"
      columns={columns}
      dataSource={lines}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
    />
  );
};
