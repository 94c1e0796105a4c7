import type { FastifyBaseLogger } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import { containsIgnoreCase } from '../../db/like.js';
import type { AuditLogTable, AuditRow, Database } from '../../db/types.js';

export interface AuditFilter {
  userName?: string | undefined;
  action?: string | undefined;
  result?: 'success' | 'failure' | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(entry: Insertable<AuditLogTable>): Promise<void> {
    await this.db.insertInto('audit_log').values(entry).execute();
  }

  /** Records without failing the request that is being audited; a lost line is logged instead. */
  async recordSafely(log: FastifyBaseLogger, entry: Insertable<AuditLogTable>): Promise<void> {
    try {
      await this.record(entry);
    } catch (err) {
      log.error({ err, action: entry.action }, 'could not write the audit line');
    }
  }

  async list(filter: AuditFilter, page: { offset: number; limit: number }): Promise<{ total: number; rows: AuditRow[] }> {
    let q = this.db.selectFrom('audit_log');
    if (filter.userName) q = q.where(containsIgnoreCase('user_name', filter.userName));
    if (filter.action) q = q.where(containsIgnoreCase('action', filter.action));
    if (filter.result) q = q.where('result', '=', filter.result);
    if (filter.from !== undefined) q = q.where('at', '>=', filter.from);
    if (filter.to !== undefined) q = q.where('at', '<=', filter.to);
    const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute();
    return { total: Number(n), rows };
  }
}
