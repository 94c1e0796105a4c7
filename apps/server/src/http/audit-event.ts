import type { FastifyRequest } from 'fastify';
import type { AuditEvent } from '../lib/audit.js';

/**
 * An audit line for a request: who (the session, else the user the handler named, e.g. the
 * account a failed sign-in tried), which route and from where; the caller says what happened.
 */
export const requestAuditEvent = (
  req: FastifyRequest,
  at: number,
  e: Pick<AuditEvent, 'action' | 'result' | 'errCode' | 'target'>,
): AuditEvent => ({
  at,
  userName: req.auth?.user.userName ?? req.auditInfo.userName ?? '',
  roleId: req.auth?.user.roleId ?? req.auditInfo.roleId ?? null,
  method: req.method,
  path: req.routeOptions.url ?? req.url.split('?')[0] ?? '',
  ip: req.auditInfo.ip,
  ...e,
});
