import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ApplicationsTable, QuotasTable, UsageTotalsTable } from './quota-tables.js';
import type { UsageDailyTable, UsageMonthlyTable, UsageRollupStateTable } from './report-tables.js';

export type { ApplicationRow, QuotaRow, UsageTotalsRow } from './quota-tables.js';

/* Row types of the portal's tables. Times are epoch milliseconds (bigint in PostgreSQL). */

export interface UsersTable {
  id: Generated<number>;
  user_name: string;
  password_hash: string;
  role_id: number;
  /** pending | active | refused | frozen */
  status: string;
  email: string;
  phone_num: string;
  desc_info: string;
  group_name: string;
  /** The department (or company) the user belongs to (org_units). */
  department_id: number | null;
  refuse_reason: string;
  created_at: number;
  approved_at: number | null;
  approved_by: string | null;
  last_login_at: number | null;
  password_changed_at: number;
  /** 1 after an administrator set a temporary password: the user must choose their own at sign-in. */
  must_change_password: Generated<number>;
}

/** A company (top level) or a department (under a company or department). */
export interface OrgUnitsTable {
  id: Generated<number>;
  name: string;
  kind: 'company' | 'department';
  parent_id: number | null;
  created_at: number;
}

/** A billing/project account; its owner is its PI. */
export interface AccountsTable {
  id: Generated<number>;
  name: string;
  description: string;
  owner_user_id: number;
  org_unit_id: number | null;
  /** Normal | Trial | Frozen | Disable */
  status: string;
  created_at: number;
  updated_at: number;
}

export interface AccountMembersTable {
  account_id: number;
  user_id: number;
  /** 1 on the user's default account (at most one per user). */
  is_default: number;
  added_at: number;
  added_by: string;
}

export interface SessionsTable {
  /** sha256 of the cookie value: a leaked database does not hand out live sessions. */
  id: string;
  user_id: number;
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  ip: string;
  user_agent: string;
}

export interface CaptchasTable {
  id: string;
  answer: string;
  created_at: number;
  expires_at: number;
  verified_at: number | null;
}

export interface LoginThrottleTable {
  /** "user:<name>" or "ip:<address>" */
  key: string;
  failures: number;
  last_failure_at: number;
  locked_until: number;
}

export interface PasswordResetsTable {
  id: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  user_name: string;
  role_id: number | null;
  action: string;
  method: string;
  path: string;
  ip: string;
  result: string;
  err_code: number;
  target: string;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface UserKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  type: string;
  fingerprint: string;
  public_key: string;
  /** Only for the portal-made key pair: the private key, encrypted with the data folder's master key. */
  private_key_enc: string | null;
  origin: string;
  created_at: number;
}

export interface JobsTable {
  id: Generated<number>;
  cluster_id: string;
  job_id: string;
  name: string;
  user_name: string;
  user_group: string;
  account: string;
  queue: string;
  scheduler_state: string;
  exit_status: string;
  exit_code: string;
  submit_at: number;
  eligible_at: number | null;
  start_at: number | null;
  end_at: number;
  elapsed_s: number;
  time_limit_s: number | null;
  nodes: number;
  cpus: number;
  gpus: number;
  node_list: string;
  memory_mb: number | null;
  max_rss_mb: number | null;
  cpu_time_s: number | null;
  core_seconds: number;
  card_seconds: number;
  work_dir: string;
  restart_count: number;
  exclusive: number;
  ingested_at: number;
}

export interface IngestWatermarksTable {
  cluster_id: string;
  watermark: number;
  updated_at: number;
}

/** What the portal's submission recorded for a job (accounting does not keep it). */
export interface JobSubmissionsTable {
  id: Generated<number>;
  cluster_id: string;
  job_id: string;
  user_name: string;
  template: string | null;
  queue: string;
  nodes: number;
  cores: number;
  gpus: number;
  memory_mb: number;
  time_limit_s: number;
  work_dir: string;
  account: string | null;
  script: string;
  command: string;
  submitted_at: number;
}

export interface LocalJobsTable {
  id: Generated<number>;
  cluster_id: string;
  name: string;
  user_name: string;
  account: string;
  partition: string;
  /** Q R E C H S W X */
  state: string;
  scheduler_state: string;
  reason: string;
  priority: number;
  submit_at: number;
  start_at: number | null;
  end_at: number | null;
  time_limit_s: number;
  nodes: number;
  cpus: number;
  gpus: number;
  memory_mb: number;
  node_list: string;
  work_dir: string;
  script: string;
  stdout_path: string;
  stderr_path: string;
  pid: number | null;
  exit_code: string | null;
  exit_status: string | null;
  held: number;
  suspended_at: number | null;
  suspended_ms: number;
  restart_count: number;
  cpu_time_s: number | null;
  updated_at: number;
  /** Bumped by every write, so a reader can re-read only the rows that changed. */
  version: Generated<number>;
}

/** A partition the built-in scheduler keeps (queue management). */
export interface LocalPartitionsTable {
  cluster_id: string;
  name: string;
  /** JSON array of node names. */
  nodes: string;
  max_time_s: number | null;
  default_time_s: number | null;
  max_nodes: number | null;
  max_cores: number | null;
  priority: number;
  /** 'ALL' or a JSON array of account names. */
  allow_accounts: string;
  state: string;
  created_at: number;
  updated_at: number;
}

export interface UploadsTable {
  id: string;
  user_id: number;
  user_name: string;
  cluster_id: string;
  dir: string;
  name: string;
  size: number;
  /** Bytes safely written so far: the next chunk starts here. */
  received: number;
  temp_path: string;
  overwrite: number;
  created_at: number;
  updated_at: number;
}

export interface UserAuthTokensTable {
  /** sha256 of the token. */
  id: string;
  user_id: number;
  expires_at: number;
}

export interface TransfersTable {
  id: Generated<number>;
  user_id: number;
  user_name: string;
  from_cluster: string;
  to_cluster: string;
  /** JSON array of source paths. */
  paths: string;
  to_path: string;
  state: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  bytes_total: number;
  bytes_done: number;
  files_total: number;
  files_done: number;
  current_file: string | null;
  /** An error reason key. */
  error: string | null;
  created_at: number;
  started_at: number | null;
  ended_at: number | null;
}

export interface Database {
  users: UsersTable;
  org_units: OrgUnitsTable;
  accounts: AccountsTable;
  account_members: AccountMembersTable;
  quotas: QuotasTable;
  usage_totals: UsageTotalsTable;
  applications: ApplicationsTable;
  usage_daily: UsageDailyTable;
  usage_monthly: UsageMonthlyTable;
  usage_rollup_state: UsageRollupStateTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  login_throttle: LoginThrottleTable;
  password_resets: PasswordResetsTable;
  audit_log: AuditLogTable;
  settings: SettingsTable;
  user_keys: UserKeysTable;
  jobs: JobsTable;
  job_submissions: JobSubmissionsTable;
  ingest_watermarks: IngestWatermarksTable;
  local_jobs: LocalJobsTable;
  local_partitions: LocalPartitionsTable;
  uploads: UploadsTable;
  user_auth_tokens: UserAuthTokensTable;
  transfers: TransfersTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type OrgUnitRow = Selectable<OrgUnitsTable>;
export type AccountRow = Selectable<AccountsTable>;
export type LoginThrottleRow = Selectable<LoginThrottleTable>;
export type CaptchaRow = Selectable<CaptchasTable>;
export type PasswordResetRow = Selectable<PasswordResetsTable>;
export type UserAuthTokenRow = Selectable<UserAuthTokensTable>;
export type AuditRow = Selectable<AuditLogTable>;
export type UserKeyRow = Selectable<UserKeysTable>;
export type JobRow = Selectable<JobsTable>;
export type NewJobRow = Insertable<JobsTable>;
export type JobSubmissionRow = Selectable<JobSubmissionsTable>;
export type NewJobSubmission = Insertable<JobSubmissionsTable>;
export type LocalJobRow = Selectable<LocalJobsTable>;
export type LocalPartitionRow = Selectable<LocalPartitionsTable>;
export type UploadRow = Selectable<UploadsTable>;
export type TransferRow = Selectable<TransfersTable>;
