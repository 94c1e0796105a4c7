import type { Generated, Selectable } from 'kysely';

/* Resumable uploads and transfers; db/types.ts assembles them. Times are epoch milliseconds (bigint in PostgreSQL). */

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

export type UploadRow = Selectable<UploadsTable>;
export type TransferRow = Selectable<TransfersTable>;
