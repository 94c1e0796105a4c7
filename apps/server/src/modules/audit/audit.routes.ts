import { listAuditLog, type AuditEntry } from '@portal/shared';
import type { AuditRow } from '../../db/types.js';
import type { RouteKit } from '../../http/route-kit.js';
import { iso } from '../../lib/time.js';
import type { AuditRepository } from './audit.repository.js';

const toEntry = (r: AuditRow): AuditEntry => ({
  id: r.id,
  at: iso(r.at),
  userName: r.user_name,
  roleId: r.role_id,
  action: r.action,
  method: r.method,
  path: r.path,
  ip: r.ip,
  result: r.result === 'success' ? 'success' : 'failure',
  errCode: r.err_code,
  target: r.target,
});

export const registerAuditRoutes = (kit: RouteKit, audit: AuditRepository) => {
  kit.route(listAuditLog, async ({ query }) => {
    const { total, rows } = await audit.list(
      {
        userName: query.userName,
        action: query.action,
        result: query.result,
        from: query.startTime ? Date.parse(query.startTime) : undefined,
        to: query.endTime ? Date.parse(query.endTime) : undefined,
      },
      { offset: query.pageStart, limit: query.pageLimit },
    );
    return { total, list: rows.map(toEntry) };
  });
};
