import { Col, Row, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuStatistics } from '@portal/shared';
import { useSession } from '../../../../lib/session';
import { useChartData } from '../../api/query-chart-data';
import { ErrorAlert } from '../list/SchedulerErrorAlert';
import { STATUS_NAME_COLORS } from '../list/job-style';
import { ChartCard } from './ChartCard';
import { NODE_STATE_STYLE, isNodeState, toPoints } from './chart-points';

type Ranking = 'partitionJobTop' | 'partitionCoreTop' | 'userJobList' | 'userMaxRunningJobList' | 'userMaxCoreList';
const RANKINGS: readonly Ranking[] = [
  'partitionJobTop',
  'partitionCoreTop',
  'userJobList',
  'userMaxRunningJobList',
  'userMaxCoreList',
];

/** Job states, node states, core usage and the top 5 queues and users. */
export const StatisticsPanel = () => {
  const { t, i18n } = useTranslation('job-charts');
  const { refreshMs } = useSession();
  const charts = useChartData(refreshMs);
  const data: MenuStatistics | undefined = charts.data;

  const pies = useMemo(() => {
    if (!data) return null;
    const status = (n: string) => (i18n.exists(`jobs:status.${n}`) ? t(`jobs:status.${n}`) : n);
    const node = (n: string) => (isNodeState(n) ? t(`nodeState.${n}`) : n);
    const core = (n: string) => (n === 'used' || n === 'free' ? t(`core.${n}`) : n);
    const colorsBy = (names: string[], label: (n: string) => string, color: (n: string) => string | undefined) =>
      Object.fromEntries(names.flatMap((n) => (color(n) ? [[label(n), color(n) as string]] : [])));
    return {
      jobs: toPoints(data.jobStateList, status),
      jobColors: colorsBy(
        data.jobStateList.map((p) => p.name),
        status,
        (n) => STATUS_NAME_COLORS[n as keyof typeof STATUS_NAME_COLORS],
      ),
      nodes: toPoints(data.nodeStateList, node),
      nodeColors: colorsBy(
        data.nodeStateList.map((p) => p.name),
        node,
        (n) => (isNodeState(n) ? NODE_STATE_STYLE[n].background : undefined),
      ),
      cores: toPoints(data.coreState, core),
      coreColors: { [t('core.used')]: '#dc2626', [t('core.free')]: '#16a34a' },
    };
  }, [data, t, i18n]);

  if (charts.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!data || !pies) return <ErrorAlert error={charts.error} />;
  const used = data.coreState.find((p) => p.name === 'used')?.y ?? 0;
  const total = data.coreState.reduce((sum, p) => sum + p.y, 0);
  return (
    <>
      {charts.isError && <ErrorAlert error={charts.error} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12} xxl={8}>
          <ChartCard kind="pie" title={t('chart.jobStates')} points={pies.jobs} colors={pies.jobColors} />
        </Col>
        <Col xs={24} lg={12} xxl={8}>
          <ChartCard kind="pie" title={t('chart.nodeStates')} points={pies.nodes} colors={pies.nodeColors} />
        </Col>
        <Col xs={24} lg={12} xxl={8}>
          <ChartCard
            kind="pie"
            title={t('chart.cores')}
            points={pies.cores}
            colors={pies.coreColors}
            extra={t('core.usedOfTotal', { used, total })}
          />
        </Col>
        {RANKINGS.map((r) => (
          <Col key={r} xs={24} lg={12} xxl={8}>
            <ChartCard kind="bar" title={t(`chart.${r}`)} points={toPoints(data[r])} />
          </Col>
        ))}
      </Row>
    </>
  );
};
