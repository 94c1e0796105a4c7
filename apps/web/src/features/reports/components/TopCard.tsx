import { Card, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportDimension } from '@portal/shared';
import { TOP_ACCOUNTS, TOP_N } from '../../../components/charts/chart-theme';
import { EChart } from '../../../components/charts/EChart';
import { useUsageSummary, type UsageBasis } from '../api/usage-report';
import { decimalBarOption } from '../../../components/charts/options';
import { coreHourPoints } from './usage-charts';

/** Spec section 9: the top 5 users and queues, the top 10 accounts. */
const RANKINGS: { dimension: ReportDimension; n: number }[] = [
  { dimension: 'user', n: TOP_N },
  { dimension: 'queue', n: TOP_N },
  { dimension: 'account', n: TOP_ACCOUNTS },
];

const TopBars = ({ basis, dimension, n }: { basis: UsageBasis; dimension: ReportDimension; n: number }) => {
  const { t } = useTranslation('reports');
  const top = useUsageSummary({ ...basis, groupBy: dimension, sortBy: 'coreSeconds', pageStart: 0, pageLimit: n });
  const points = useMemo(() => coreHourPoints(top.data?.list ?? [], t('none')), [top.data, t]);
  const label = t(`top.chart.${dimension}`, { n });
  const option = useMemo(() => decimalBarOption(points, t('figure.coreHours'), n), [points, n, t]);
  return <EChart option={option} label={label} empty={!points.some((p) => p.value > 0)} />;
};

/** The largest users, queues and accounts by core-hours (no user ranking of one's own jobs). */
export const TopCard = ({ basis }: { basis: UsageBasis }) => {
  const { t } = useTranslation('reports');
  const rankings = RANKINGS.filter((r) => basis.scope !== 'mine' || r.dimension !== 'user');
  const [active, setActive] = useState<ReportDimension>(rankings[0]?.dimension ?? 'queue');
  const shown = rankings.some((r) => r.dimension === active) ? active : (rankings[0]?.dimension ?? 'queue');
  return (
    <Card title={t('top.title')} size="small">
      <Tabs
        size="small"
        activeKey={shown}
        onChange={(k) => setActive(k as ReportDimension)}
        destroyOnHidden
        items={rankings.map((r) => ({
          key: r.dimension,
          label: t(`top.tab.${r.dimension}`, { n: r.n }),
          children: <TopBars basis={basis} dimension={r.dimension} n={r.n} />,
        }))}
      />
    </Card>
  );
};
