import { z } from 'zod';
import { defineContract } from '../contract.js';
import { expandHostlist } from '../hostlist.js';
import { OptionalClusterId, Timestamp } from './common.js';

/*
 * Metrics (issue 15, docs/metrics.md): one catalogue of portal metrics, read per cluster from the
 * portal's own store (the embedded collector scraping node_exporter and other exporters) or from
 * Prometheus; the metric backtrack of spec section 2 reads series of it.
 */

export const METRIC_GROUPS = ['cpu', 'memory', 'disk', 'filesystem', 'network', 'infiniband', 'hardware', 'gpu'] as const;
export type MetricGroup = (typeof METRIC_GROUPS)[number];

/** Units of the catalogue; bytes and bytes per second are shown B to YB in steps of 1024 (spec section 9). */
export const METRIC_UNITS = [
  'percent',
  'bytes',
  'bytesPerSecond',
  'perSecond',
  'load',
  'celsius',
  'watts',
  'rpm',
  'count',
] as const;
export type MetricUnit = (typeof METRIC_UNITS)[number];

export const MetricInfo = z.object({
  /** The portal's name, such as cpu.usage; the same for every source. */
  id: z.string(),
  group: z.enum(METRIC_GROUPS),
  unit: z.enum(METRIC_UNITS),
  /** Whether the exporter's value is a counter, shown as its rate per second. */
  rate: z.boolean(),
  /** The exporter's metrics it is read from (node_exporter, DCGM exporter). */
  from: z.string(),
});
export type MetricInfo = z.infer<typeof MetricInfo>;

export const METRIC_SOURCES = ['embedded', 'prometheus'] as const;

export const metricsCatalogue = defineContract({
  id: 'metrics.catalogue',
  method: 'GET',
  path: '/resource/api/metrics/catalogue',
  permission: 'resources:read',
  summary: "The metrics the portal knows, with units, and where this cluster's come from",
  query: z.object({ clusterId: OptionalClusterId }),
  data: z.object({
    source: z.enum(METRIC_SOURCES),
    /** The resources metrics are collected for (the embedded collector's targets); empty for Prometheus. */
    resources: z.array(z.string()),
    list: z.array(MetricInfo),
  }),
});

/** More series than this in one request (resources × metrics) warns that the query may be slow (spec section 5). */
export const METRIC_SERIES_WARN = 40;
/** The most series one request may ask for. */
export const METRIC_SERIES_MAX = 400;
/** The most points a series answers with: the step grows with the range. */
export const METRIC_POINTS_MAX = 720;
/** The longest range one request may cover, in days (a year, plus a leap day). */
export const METRIC_RANGE_MAX_DAYS = 366;

/** The batch selector of spec section 5 (`gv1,gv[1-10,11]`): the resources it names, or why it is malformed. */
export const expandResourceSelector = (selector: string): { names: string[] } | { error: string } => {
  try {
    const names = expandHostlist(selector);
    return names.length === 0 ? { error: 'no resource named' } : { names };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
};

const MetricId = z.string().regex(/^[a-z][a-z0-9_.]{0,63}$/, 'not a metric name');

export const MetricPoint = z.object({
  /** Start of the step, epoch milliseconds. */
  time: z.number().int(),
  /** The mean over the step; null when no sample fell in it. */
  value: z.number().nullable(),
});

export const MetricSeries = z.object({
  resource: z.string(),
  metric: z.string(),
  unit: z.enum(METRIC_UNITS),
  points: z.array(MetricPoint),
});
export type MetricSeries = z.infer<typeof MetricSeries>;

export const MetricHistoryQuery = z
  .object({
    clusterId: OptionalClusterId,
    /** Resource names, or the batch selector `gv1,gv[1-10,11]`. */
    resources: z
      .string()
      .min(1)
      .max(4000)
      .transform((s, ctx) => {
        const r = expandResourceSelector(s);
        if ('error' in r) {
          ctx.addIssue({ code: 'custom', message: r.error });
          return z.NEVER;
        }
        return r.names;
      }),
    metrics: z.array(MetricId).min(1).max(20),
    startTime: Timestamp.pipe(z.coerce.date()),
    endTime: Timestamp.pipe(z.coerce.date()),
  })
  .refine((q) => q.startTime.getTime() < q.endTime.getTime(), { message: 'the start must be before the end', path: ['endTime'] })
  .refine((q) => q.endTime.getTime() - q.startTime.getTime() <= METRIC_RANGE_MAX_DAYS * 86_400_000, {
    message: `at most ${METRIC_RANGE_MAX_DAYS} days`,
    path: ['startTime'],
  })
  .refine((q) => q.resources.length * q.metrics.length <= METRIC_SERIES_MAX, {
    message: `at most ${METRIC_SERIES_MAX} series (resources × metrics)`,
    path: ['resources'],
  });

export const metricsHistory = defineContract({
  id: 'metrics.history',
  method: 'POST',
  path: '/monitor/getHisMetricByTimeInterval.action',
  permission: 'resources:read',
  summary: 'Series of catalogue metrics for resources over a range (the metric backtrack)',
  body: MetricHistoryQuery,
  data: z.object({
    /** Seconds per point. */
    step: z.number().int(),
    /** Where the points were read: raw samples, 5-minute or 1-hour rollups, or Prometheus. */
    resolution: z.enum(['raw', '5m', '1h', 'prometheus']),
    list: z.array(MetricSeries),
  }),
  audit: false,
});
