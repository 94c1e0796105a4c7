import type { Generated } from 'kysely';

/* Aggregate alarm rules (migration 0024, docs/alarms.md "Aggregation"). Times are epoch milliseconds. */

export interface AlarmAggregateRulesTable {
  id: Generated<number>;
  /** Unique, never changed. */
  name: string;
  /** JSON: the alarm metrics it takes. */
  metrics: string;
  resource_type: string | null;
  /** JSON: asset ids; empty: any resource. */
  resources: string;
  /** none | resource | cluster */
  group_by: string;
  min_alarms: number;
  min_severity: string | null;
  /** 1: members hidden from the real-time list while aggregated. */
  suppress: number;
  enabled: number;
  description: string;
  /** The scan order, from 1. */
  sort_order: number;
  updated_at: number;
  updated_by: string;
}

/** An alarm an aggregated alarm holds (left_at null) or held. */
export interface AlarmAggregateMembersTable {
  aggregate_id: number;
  alarm_id: number;
  joined_at: number;
  left_at: number | null;
}
