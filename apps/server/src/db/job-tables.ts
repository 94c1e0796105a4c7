import type { Generated, Insertable, Selectable } from 'kysely';

/* Jobs: accounting rows, ingest watermarks, submissions and the built-in scheduler; db/types.ts assembles them. Times are epoch milliseconds (bigint in PostgreSQL). */

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
  /** GPU utilisation summed over the cards, percent (migration 0015); null: not measured. */
  gpu_util_pct: number | null;
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
  /** Peak resident memory of the job's processes as sampled (migration 0015); null: not measured. */
  max_rss_mb: number | null;
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

export type JobRow = Selectable<JobsTable>;
export type NewJobRow = Insertable<JobsTable>;
export type JobSubmissionRow = Selectable<JobSubmissionsTable>;
export type NewJobSubmission = Insertable<JobSubmissionsTable>;
export type LocalJobRow = Selectable<LocalJobsTable>;
export type LocalPartitionRow = Selectable<LocalPartitionsTable>;
