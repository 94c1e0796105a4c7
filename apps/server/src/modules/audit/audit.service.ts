import type { AuditEntry } from '@portal/shared';
import type { PageRequest } from '../../db/paging.js';
import type { AuditRow } from '../../db/types.js';
import type { AuditEvent, AuditWriter } from '../../lib/audit.js';
import type { Logger } from '../../lib/logger.js';
import { iso } from '../../lib/time.js';
import type { AuditFilter, AuditRepository } from './audit.repository.js';

/** The column's width: a longer target is cut, never refused. */
const TARGET_MAX = 256;

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

/** The audit log: every state-changing call and every refusal worth a trace, and who may read them. */
export class AuditService implements AuditWriter {
  constructor(private readonly repo: AuditRepository) {}

  async write(e: AuditEvent, log: Logger): Promise<void> {
    try {
      await this.repo.insert({
        at: e.at,
        user_name: e.userName,
        role_id: e.roleId,
        action: e.action,
        method: e.method,
        path: e.path,
        ip: e.ip,
        result: e.result,
        err_code: e.errCode,
        target: e.target.slice(0, TARGET_MAX),
      });
    } catch (err) {
      log.error({ err, action: e.action }, 'could not write the audit line');
    }
  }

  async list(filter: AuditFilter, page: PageRequest): Promise<{ total: number; list: AuditEntry[] }> {
    const { total, rows } = await this.repo.list(filter, page);
    return { total, list: rows.map(toEntry) };
  }
}
