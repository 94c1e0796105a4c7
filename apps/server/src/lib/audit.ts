import type { Logger } from './logger.js';

/** One line of the audit log: who did what, when, from where, and how it ended. */
export interface AuditEvent {
  at: number;
  userName: string;
  roleId: number | null;
  /** A contract id for API calls, or a named system action (`provisionUser`, `files.pathRefused`). */
  action: string;
  /** The HTTP method, or `SYSTEM` for work the portal did on its own. */
  method: string;
  path: string;
  ip: string;
  result: 'success' | 'failure';
  errCode: number;
  /** What the action touched; cut to the column's width when stored. */
  target: string;
}

/** Where audit lines go. Writing never fails the work being audited: a lost line is logged instead. */
export interface AuditWriter {
  write(event: AuditEvent, log: Logger): Promise<void>;
}

/** An audit line for work the portal did on its own behalf (no request, no address). */
export const systemAuditEvent = (
  e: Pick<AuditEvent, 'at' | 'userName' | 'action' | 'result' | 'target'> & Partial<AuditEvent>,
): AuditEvent => ({ roleId: null, method: 'SYSTEM', path: '', ip: '', errCode: 0, ...e });
