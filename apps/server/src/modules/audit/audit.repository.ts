import type { Insertable, Kysely } from 'kysely';
import { containsIgnoreCase } from '../../db/like.js';
import { readPage, type PageOf, type PageRequest } from '../../db/paging.js';
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

  async insert(row: Insertable<AuditLogTable>): Promise<void> {
    await this.db.insertInto('audit_log').values(row).execute();
  }

  list(filter: AuditFilter, page: PageRequest): Promise<PageOf<AuditRow>> {
    let q = this.db.selectFrom('audit_log');
    if (filter.userName) q = q.where(containsIgnoreCase('user_name', filter.userName));
    if (filter.action) q = q.where(containsIgnoreCase('action', filter.action));
    if (filter.result) q = q.where('result', '=', filter.result);
    if (filter.from !== undefined) q = q.where('at', '>=', filter.from);
    if (filter.to !== undefined) q = q.where('at', '<=', filter.to);
    return readPage(q, page, (p) => p.selectAll().orderBy('at', 'desc').orderBy('id', 'desc'));
  }
}
