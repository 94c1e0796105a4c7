import type { MetricSeries, MetricUnit } from '@portal/shared';
import type { TimeLine } from '../../../components/charts/options';

/** One chart of the backtrack: a metric, its unit, and a line per resource. */
export interface MetricChart {
  metric: string;
  unit: MetricUnit;
  resources: string[];
  lines: TimeLine[];
  /** No resource had a sample in the range: the chart says so instead of drawing axes. */
  empty: boolean;
  /** The largest value of any line (0 when none). */
  max: number;
}

/**
 * The answer's series as charts, one per metric in the order they were asked for (metrics the
 * answer has and the request did not name follow), each with its resources in the answer's order.
 */
export const metricCharts = (list: readonly MetricSeries[], asked: readonly string[]): MetricChart[] => {
  const byMetric = new Map<string, MetricSeries[]>();
  for (const id of asked) byMetric.set(id, []);
  for (const s of list) {
    const group = byMetric.get(s.metric);
    if (group) group.push(s);
    else byMetric.set(s.metric, [s]);
  }
  return [...byMetric.entries()]
    .filter(([, series]) => series.length > 0)
    .map(([metric, series]) => ({
      metric,
      unit: (series[0] as MetricSeries).unit,
      resources: series.map((s) => s.resource),
      lines: series.map((s) => ({ name: s.resource, points: s.points.map((p) => [p.time, p.value] as const) })),
      empty: series.every((s) => s.points.every((p) => p.value === null)),
      max: series.reduce((m, s) => s.points.reduce((n, p) => (p.value !== null && p.value > n ? p.value : n), m), 0),
    }));
};

/** The resources a chart names for screen readers: all of them up to five, else the first five and how many more. */
export const resourceSummary = (resources: readonly string[], more: (count: number) => string): string =>
  resources.length <= 5 ? resources.join(', ') : `${resources.slice(0, 5).join(', ')} ${more(resources.length - 5)}`;
