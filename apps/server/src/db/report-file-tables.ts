import type { Generated, Selectable } from 'kysely';

/* Report files (migrations 0014 and 0023); db/types.ts assembles them. Times are epoch milliseconds (bigint in PostgreSQL). */

/** What a file holds: a usage report, or the alarm list (migration 0023). */
export const FILE_KINDS = ['reports', 'alarms'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export interface ReportFilesTable {
  id: Generated<number>;
  user_id: number;
  /** 'reports' unless given (every file made before migration 0023). */
  kind: Generated<FileKind>;
  /** The download's file name. */
  name: string;
  format: 'xlsx' | 'csv';
  /** The request as made (JSON of ReportFileFilter). */
  filter: string;
  /** JSON of the UsageWhere the file reads, the scope resolved when it was asked for. */
  rows_where: string;
  state: 'QUEUE' | 'RUNNING' | 'COMPLETED' | 'DOWNLOAD' | 'FAILED';
  progress: number;
  rows_done: number;
  size_bytes: number;
  /** An error reason key. */
  error: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

export type ReportFileRow = Selectable<ReportFilesTable>;
