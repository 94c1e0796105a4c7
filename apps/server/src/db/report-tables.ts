/* Tables of migrations 0011 and 0012 (usage rollups for reports); db/types.ts assembles them. */

export interface UsageDailyTable {
  /** The end day in the report time zone, as YYYYMMDD. */
  day: number;
  cluster_id: string;
  user_name: string;
  account: string;
  queue: string;
  jobs: number;
  core_seconds: number;
  card_seconds: number;
}

export interface UsageRollupStateTable {
  /** Always 1: one row. */
  id: number;
  time_zone: string;
  rebuilt_at: number;
}

/** Migration 0012: usage_daily summed per month and one dimension. */
export interface UsageMonthlyTable {
  dim: 'user' | 'account' | 'queue';
  /** The month in the report time zone, as YYYYMM (usage_daily's day / 100). */
  month: number;
  cluster_id: string;
  /** The dimension's value (user name, account or queue). */
  key: string;
  jobs: number;
  core_seconds: number;
  card_seconds: number;
}
