import type { Generated } from 'kysely';

/*
 * The embedded metric store (migration 0018, docs/metrics.md). Raw samples live in one table per
 * day, `metric_raw_<epoch day>` (made at run time, listed in metric_partitions, dropped whole once
 * expired); the rollups keep min, max, sum and count per 5 minutes and per hour. Times are epoch
 * milliseconds.
 */

export interface MetricSeriesTable {
  id: Generated<number>;
  cluster_id: string;
  resource: string;
  metric: string;
}

export interface MetricPartitionsTable {
  /** Days since the epoch (UTC): the table metric_raw_<day>. */
  day: number;
}

export interface MetricRollupTable {
  series_id: number;
  /** Start of the bucket. */
  ts: number;
  min: number;
  max: number;
  sum: number;
  count: number;
}

export interface MetricRollupStateTable {
  /** '5m' or '1h'. */
  level: string;
  /** Every bucket before this time is rolled up. */
  done_until: number;
}

/** A raw sample row (the day tables are queried with raw SQL: their names are made at run time). */
export interface MetricRawRow {
  series_id: number;
  ts: number;
  /** The metric's value; for a counter its rate (null for the first sample after a start). */
  value: number | null;
  /** A counter's raw value, kept to recompute rates; null for gauges. */
  raw: number | null;
}
