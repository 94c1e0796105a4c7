import { z } from 'zod';

/*
 * Node exceptions from metrics (issue 15; docs/resources.md "Abnormal nodes"): a node is abnormal
 * not only when its scheduler says so but when its latest samples cross a limit of
 * clusters[].metrics.nodeExceptions: memory or root file system nearly full, load far above its
 * cores, too hot, or an InfiniBand port not active.
 */

export const NODE_METRIC_CHECKS = ['memoryUsage', 'rootUsage', 'loadPerCore', 'temperature', 'infinibandDown'] as const;
export type NodeMetricCheck = (typeof NODE_METRIC_CHECKS)[number];

export const MetricException = z.object({
  check: z.enum(NODE_METRIC_CHECKS),
  /** What the node's latest sample gave: per cent, load per core, °C, or ports not active. */
  value: z.number(),
  /** The limit it reached (for infinibandDown: 1 port). */
  threshold: z.number(),
});
export type MetricException = z.infer<typeof MetricException>;

/** Whether the latest metrics were read for the list: ok, failed (the metric source did not answer), off (not configured). */
export const METRIC_CHECK_STATES = ['ok', 'failed', 'off'] as const;
export type MetricCheckState = (typeof METRIC_CHECK_STATES)[number];
