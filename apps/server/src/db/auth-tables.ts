import type { Generated, Selectable } from 'kysely';

/* Sign-in sessions, captchas, throttles, password resets, the audit log and settings; db/types.ts assembles them. Times are epoch milliseconds (bigint in PostgreSQL). */

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

export type LoginThrottleRow = Selectable<LoginThrottleTable>;
export type CaptchaRow = Selectable<CaptchasTable>;
export type PasswordResetRow = Selectable<PasswordResetsTable>;
export type AuditRow = Selectable<AuditLogTable>;
