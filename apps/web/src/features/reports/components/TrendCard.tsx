import { Card, Segmented } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_INTERVALS, type ReportInterval } from '@portal/shared';
import { EChart } from '../../../components/charts/EChart';
import { useUsageTrend, type UsageBasis } from '../api/usage-report';
import { trendOption } from './usage-charts';

interface Props {
  basis: UsageBasis;
  interval: ReportInterval;
  onInterval: (i: ReportInterval) => void;
}

/** Usage per day, week or month of the range. */
export const TrendCard = ({ basis, interval, onInterval }: Props) => {
  const { t } = useTranslation('reports');
  const trend = useUsageTrend(basis, interval);
  const points = useMemo(() => trend.data?.points ?? [], [trend.data]);
  const option = useMemo(
    () => trendOption(points, { coreHours: t('figure.coreHours'), cardHours: t('figure.cardHours'), jobs: t('figure.jobs') }),
    [points, t],
  );
  return (
    <Card
      title={t('trend.title')}
      size="small"
      loading={trend.isPending}
      extra={
        <Segmented<ReportInterval>
          aria-label={t('trend.interval')}
          value={interval}
          onChange={onInterval}
          options={REPORT_INTERVALS.map((i) => ({ value: i, label: t(`trend.by.${i}`) }))}
        />
      }
    >
      <EChart option={option} label={t('trend.title')} empty={!points.some((p) => p.jobs > 0)} />
    </Card>
  );
};
