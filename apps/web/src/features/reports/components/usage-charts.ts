import type { UsagePoint, UsageRow } from '@portal/shared';
import { BAR_WIDTH, CHART_COLORS, CHART_GRID, LINE_WIDTH } from '../../../components/charts/chart-theme';
import type { ChartOption, ChartPoint } from '../../../components/charts/options';
import { chartHours } from '../../../components/usage/usage-format';

export interface TrendLabels {
  coreHours: string;
  cardHours: string;
  jobs: string;
}

/** Core- and card-hours as lines (left axis) and jobs as bars (right axis), one point per period. */
export const trendOption = (points: UsagePoint[], labels: TrendLabels): ChartOption => ({
  color: [...CHART_COLORS],
  grid: { ...CHART_GRID },
  tooltip: { trigger: 'axis' },
  legend: { top: 0, type: 'scroll' },
  xAxis: { type: 'category', data: points.map((p) => p.period) },
  yAxis: [
    { type: 'value', name: labels.coreHours, min: 0 },
    { type: 'value', name: labels.jobs, min: 0, minInterval: 1, splitLine: { show: false } },
  ],
  series: [
    {
      type: 'line',
      name: labels.coreHours,
      lineStyle: { width: LINE_WIDTH },
      data: points.map((p) => chartHours(p.coreSeconds)),
    },
    {
      type: 'line',
      name: labels.cardHours,
      lineStyle: { width: LINE_WIDTH },
      data: points.map((p) => chartHours(p.cardSeconds)),
    },
    { type: 'bar', name: labels.jobs, yAxisIndex: 1, barMaxWidth: BAR_WIDTH, data: points.map((p) => p.jobs) },
  ],
});

/** A row's name on a chart or in the table: the key, or a stand-in for jobs without one. */
export const rowName = (key: string, none: string): string => (key === '' ? none : key);

/** Core-hours per row, largest first as the API sorted them. */
export const coreHourPoints = (rows: UsageRow[], none: string): ChartPoint[] =>
  rows.map((r) => ({ name: rowName(r.key, none), value: chartHours(r.coreSeconds) }));

/** The largest rows and one "others" slice with what the rest of the total holds (when any). */
export const sharePoints = (
  rows: UsageRow[],
  totalCoreSeconds: number,
  labels: { none: string; others: string },
): ChartPoint[] => {
  const shown = rows.reduce((sum, r) => sum + r.coreSeconds, 0);
  const rest = totalCoreSeconds - shown;
  const points = coreHourPoints(rows, labels.none);
  return rest > 0 ? [...points, { name: labels.others, value: chartHours(rest) }] : points;
};
