import type { Generated, Selectable } from 'kysely';

/* Report files (migration 0014); db/types.ts assembles them. Times are epoch milliseconds (bigint in PostgreSQL). */

export interface ReportFilesTable {
  id: Generated<number>;
  user_id: number;
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
