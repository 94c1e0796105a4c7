/* Tables of migration 0011 (usage rollups for reports); db/types.ts assembles them. */

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
