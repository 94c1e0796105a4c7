import { Card } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/charts/EChart';
import { timeLineOption } from '../../../components/charts/options';
import { DATE_TIME_FORMAT } from '../../../lib/format';
import { resourceSummary, type MetricChart } from './metric-charts';
import { formatMetricValue, metricLabel, metricName, unitInterval } from '../../../lib/metric-units';

const HEIGHT = 320;
/** The zoom opens on at least this many steps (seconds per point). */
const ZOOM_STEPS = 30;

/**
 * One metric of the backtrack: a line per resource over the range asked for (up to when the answer
 * came: the server cuts the future off), or 'No Data'.
 */
export const MetricChartCard = ({ chart, from, to, step }: { chart: MetricChart; from: number; to: number; step: number }) => {
  const { t } = useTranslation('resources');
  const name = metricName(t, chart.metric);
  const option = useMemo(
    () =>
      timeLineOption(chart.lines, {
        format: (v) => formatMetricValue(t, chart.unit, v),
        timeLabel: (ms) => dayjs(ms).format(DATE_TIME_FORMAT),
        min: from,
        max: to,
        minZoomSpan: ZOOM_STEPS * step * 1000,
        yInterval: unitInterval(chart.unit, chart.max),
      }),
    [chart, from, to, step, t],
  );
  return (
    <Card size="small" title={metricLabel(t, chart.metric, chart.unit)} data-testid={`metric-chart-${chart.metric}`}>
      <EChart
        option={option}
        empty={chart.empty}
        height={HEIGHT}
        label={t('metrics.chartLabel', {
          metric: name,
          resources: resourceSummary(chart.resources, (count) => t('metrics.more', { count })),
        })}
      />
    </Card>
  );
};
