import type { Generated, Selectable } from 'kysely';

/* Tables of migration 0010 (quotas, usage totals, applications); db/types.ts assembles them. */

export interface QuotasTable {
  account_id: number;
  /** 0: the account's own quota; else a member's user id. */
  user_id: number;
  core_hours_limit: number | null;
  card_hours_limit: number | null;
  max_running_jobs: number | null;
  updated_at: number;
  updated_by: string;
}

export interface UsageTotalsTable {
  account: string;
  user_name: string;
  core_seconds: number;
  card_seconds: number;
  jobs: number;
}

export interface ApplicationsTable {
  id: Generated<number>;
  kind: 'coreHours' | 'cardHours' | 'wallTime' | 'queueAccess';
  state: 'Pending' | 'Approved' | 'Refused' | 'Withdrawn' | 'Failed';
  applicant_id: number;
  account_id: number;
  target: 'account' | 'user' | null;
  hours: number | null;
  cluster_id: string | null;
  job_id: string | null;
  time_limit_s: number | null;
  queue: string | null;
  reason: string;
  remark: string;
  reviewer: 'ownerOrAdmin' | 'admin';
  decided_by: string;
  decided_at: number | null;
  error: string;
  created_at: number;
}

export type QuotaRow = Selectable<QuotasTable>;
export type UsageTotalsRow = Selectable<UsageTotalsTable>;
export type ApplicationRow = Selectable<ApplicationsTable>;
