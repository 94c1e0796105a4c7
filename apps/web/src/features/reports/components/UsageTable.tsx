import { Card, Empty, Table, Tabs, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportDimension, UsageRow, UsageSummary } from '@portal/shared';
import { Pager } from '../../../components/pager/Pager';
import type { Paging } from '../../../components/pager/paging';
import type { UsageSort } from './report-state';
import { rowName } from './usage-charts';
import { formatHours, formatSeconds, type HourUnits } from '../../../components/usage/usage-format';

interface Props {
  dimension: ReportDimension;
  dimensions: ReportDimension[];
  /** Filters narrow the report: an empty table means nothing matches them. */
  filtered: boolean;
  data: UsageSummary | undefined;
  /** Why the rows could not be loaded, shown in place of them. */
  error?: string;
  loading: boolean;
  sortBy: UsageSort;
  paging: Paging;
  units: HourUnits;
  onDimension: (d: ReportDimension) => void;
  onSort: (s: UsageSort) => void;
  onPaging: (p: Paging) => void;
}

/** Usage per user, account, queue, ...: one row each, largest first by the chosen figure. */
export const UsageTable = (props: Props) => {
  const { dimension, dimensions, filtered, data, error, loading, sortBy, paging, units, onDimension, onSort, onPaging } = props;
  const { t, i18n } = useTranslation('reports');
  const hours = (s: number) => (
    <Tooltip title={t('table.exactSeconds', { seconds: formatSeconds(s, i18n.language) })}>
      <span>{formatHours(s, units)}</span>
    </Tooltip>
  );
  // Sorting happens on the server, largest first: a header click picks the figure to sort by.
  const sortable = (key: UsageSort) => ({
    sorter: true,
    sortDirections: ['descend' as const],
    sortOrder: sortBy === key ? ('descend' as const) : null,
    showSorterTooltip: false,
  });
  const columns: TableColumnsType<UsageRow> = [
    { key: 'key', title: t(`dimension.${dimension}`), dataIndex: 'key', render: (k: string) => rowName(k, t('none')) },
    { key: 'jobs', title: t('figure.jobs'), dataIndex: 'jobs', align: 'right', ...sortable('jobs') },
    {
      key: 'coreSeconds',
      title: t('figure.coreHours'),
      dataIndex: 'coreSeconds',
      align: 'right',
      render: hours,
      ...sortable('coreSeconds'),
    },
    {
      key: 'cardSeconds',
      title: t('figure.cardHours'),
      dataIndex: 'cardSeconds',
      align: 'right',
      render: hours,
      ...sortable('cardSeconds'),
    },
    {
      key: 'coreSecondsExact',
      title: t('figure.coreSeconds'),
      dataIndex: 'coreSeconds',
      align: 'right',
      render: (s: number) => formatSeconds(s, i18n.language),
    },
    {
      key: 'cardSecondsExact',
      title: t('figure.cardSeconds'),
      dataIndex: 'cardSeconds',
      align: 'right',
      render: (s: number) => formatSeconds(s, i18n.language),
    },
  ];
  return (
    <Card size="small" title={t('table.title')}>
      <Tabs
        size="small"
        activeKey={dimension}
        onChange={(k) => onDimension(k as ReportDimension)}
        items={dimensions.map((d) => ({ key: d, label: t(`dimension.${d}`) }))}
      />
      <Table<UsageRow>
        rowKey="key"
        size="middle"
        columns={columns}
        dataSource={data?.list}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onChange={(_p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const key = s?.columnKey;
          if (key === 'jobs' || key === 'coreSeconds' || key === 'cardSeconds') onSort(key);
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={error ?? (filtered ? t('common:filter.noMatch') : t('table.empty'))}
            />
          ),
        }}
      />
      <Pager paging={paging} total={data?.total ?? 0} loading={loading} onChange={onPaging} />
    </Card>
  );
};
