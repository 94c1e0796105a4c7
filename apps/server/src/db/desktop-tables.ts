import type { Selectable } from 'kysely';

/* Remote desktops (migration 0016); db/types.ts assembles them. Times are epoch milliseconds. */

export interface DesktopSessionsTable {
  id: string;
  user_id: number;
  cluster_id: string;
  name: string;
  kind: 'login' | 'job';
  resolution: string;
  app_name: string | null;
  node: string;
  display: number | null;
  pid: number | null;
  socket_path: string | null;
  job_id: string | null;
  queue: string | null;
  time_limit_s: number | null;
  /** When a job desktop's Xvnc came up (its time limit counts from about then). */
  started_at: number | null;
  host: string | null;
  port: number | null;
  dir: string;
  password_sealed: string;
  view_password_sealed: string;
  state: 'starting' | 'running' | 'ended';
  end_reason: 'deleted' | 'exited' | 'startFailed' | 'timeLimit' | 'jobEnded' | null;
  created_at: number;
  ended_at: number | null;
}

export interface DesktopSharesTable {
  session_id: string;
  user_id: number;
  view_mode: 'observation' | 'interaction';
  created_at: number;
}

export type DesktopSessionRow = Selectable<DesktopSessionsTable>;
export type DesktopShareRow = Selectable<DesktopSharesTable>;

export interface AppSettingsTable {
  app_id: string;
  /** 1 offered, 0 not. */
  enabled: number;
  command: string;
  updated_at: number;
}
