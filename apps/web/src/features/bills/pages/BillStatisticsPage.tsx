import { Card, Flex, Tabs } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BILL_GROUPS, type BillGroup } from '@portal/shared';
import { TOP_ACCOUNTS } from '../../../components/charts/chart-theme';
import { EChart } from '../../../components/charts/EChart';
import { Pager } from '../../../components/pager/Pager';
import { decimalBarOption } from '../../../components/charts/options';
import { useBillStatistics } from '../api/bills-api';
import { BillFilterCard } from '../components/BillFilterCard';
import { BillTotalsBar } from '../components/BillTotalsBar';
import { LoadError } from '../components/LoadError';
import { StatisticsTable } from '../components/StatisticsTable';
import { filterQuery } from '../components/bill-filter';
import { amountPoints } from '../components/statistics-chart';
import { useBillFilter } from '../components/use-bill-filter';

/** The chart's bars: the ten largest amounts. */
const TOP = TOP_ACCOUNTS;

/** /my-report/my-bill-statistics: amounts over whole days per month, account, user, queue or cluster. */
const BillStatisticsPage = () => {
  const { t } = useTranslation('bills');
  const filter = useBillFilter();
  const { state, update, setPaging, onTimeZone } = filter;
  const base = { ...filterQuery(state), groupBy: state.groupBy };
  const stats = useBillStatistics({ ...base, pageStart: (state.page - 1) * state.pageSize, pageLimit: state.pageSize });
  const top = useBillStatistics({ ...base, pageStart: 0, pageLimit: TOP });
  const data = stats.data;
  onTimeZone(data?.timeZone);
  const currency = data?.currency ?? top.data?.currency ?? '';
  const points = useMemo(() => amountPoints(top.data?.list ?? [], t('none')), [top.data, t]);
  const chartTitle = t('statistics.chart', { n: TOP, currency });
  const option = useMemo(() => decimalBarOption(points, chartTitle, TOP), [points, chartTitle]);
  const group = t(`statistics.group.${state.groupBy}`);
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <BillFilterCard title={t('statistics.title')} filter={filter} timeZone={data?.timeZone} />
      {!data && stats.isError && <LoadError error={stats.error} fetching={stats.isFetching} />}
      <BillTotalsBar totals={data?.totals} currency={currency} loading={stats.isPending} />
      <Card size="small" title={t('statistics.groupBy')}>
        <Tabs
          size="small"
          activeKey={state.groupBy}
          onChange={(k) => update({ groupBy: k as BillGroup })}
          items={BILL_GROUPS.map((g) => ({ key: g, label: t(`statistics.group.${g}`) }))}
        />
        <Card size="small" type="inner" title={chartTitle} style={{ marginBottom: 16 }}>
          <EChart option={option} label={chartTitle} empty={!points.some((p) => p.value > 0)} />
        </Card>
        <Card size="small" type="inner" title={t('statistics.table', { group: group.toLowerCase() })}>
          <StatisticsTable groupBy={state.groupBy} rows={data?.list} currency={currency} loading={stats.isFetching} />
          <Pager
            paging={{ page: state.page, pageSize: state.pageSize }}
            total={data?.total ?? 0}
            loading={stats.isFetching}
            onChange={setPaging}
          />
        </Card>
      </Card>
    </Flex>
  );
};

export default BillStatisticsPage;
