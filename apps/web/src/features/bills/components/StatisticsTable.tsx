import { Empty, Table, type TableColumnsType, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BillGroup, BillStatisticsRow } from '@portal/shared';
import { formatHours, formatSeconds, type HourUnits } from '../../../components/usage/usage-format';
import { formatCents } from '../../../lib/money';
import { groupName } from './statistics-chart';

interface Props {
  groupBy: BillGroup;
  rows: BillStatisticsRow[] | undefined;
  currency: string;
  loading: boolean;
}

/** Amount, jobs, core- and card-hours per month, account, user, queue or cluster, largest amount first. */
export const StatisticsTable = ({ groupBy, rows, currency, loading }: Props) => {
  const { t, i18n } = useTranslation('bills');
  const units: HourUnits = { billion: t('unit.billion'), million: t('unit.million') };
  const hours = (s: number) => (
    <Tooltip title={t('totals.seconds', { seconds: formatSeconds(s, i18n.language) })}>
      <span>{formatHours(s, units)}</span>
    </Tooltip>
  );
  const columns: TableColumnsType<BillStatisticsRow> = [
    { key: 'key', title: t(`statistics.group.${groupBy}`), dataIndex: 'key', render: (k: string) => groupName(k, t('none')) },
    {
      key: 'amount',
      title: currency ? t('figure.amount', { currency }) : t('figure.amountPlain'),
      dataIndex: 'amountCents',
      align: 'right',
      render: (c: number) => formatCents(c, i18n.language),
    },
    { key: 'jobs', title: t('figure.jobs'), dataIndex: 'jobs', align: 'right' },
    { key: 'coreHours', title: t('figure.coreHours'), dataIndex: 'coreSeconds', align: 'right', render: hours },
    { key: 'cardHours', title: t('figure.cardHours'), dataIndex: 'cardSeconds', align: 'right', render: hours },
  ];
  return (
    <Table<BillStatisticsRow>
      rowKey="key"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('statistics.empty')} /> }}
    />
  );
};
