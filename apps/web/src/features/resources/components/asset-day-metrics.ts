import type { MetricSeries } from '@portal/shared';

/** What a resource's detail shows for its last day (spec section 9: average utilisation for the last day). */
export const DAY_METRICS = ['cpu.usage', 'memory.usage', 'cpu.load1', 'network.receive', 'network.transmit'] as const;

/** Names the metric selector takes as one resource: anything else (a comma, brackets) has no series of its own. */
const PLAIN_NAME = /^[A-Za-z0-9._-]{1,64}$/;
export const hasOwnSeries = (name: string): boolean => PLAIN_NAME.test(name);

/** The mean of a series' samples over the range; null when it has none. */
export const seriesAverage = (list: readonly MetricSeries[], metric: string): number | null => {
  const values = list
    .filter((s) => s.metric === metric)
    .flatMap((s) => s.points.map((p) => p.value))
    .filter((v): v is number => v !== null);
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
};
