import type { Kysely, Selectable, Transaction } from 'kysely';
import type { NoticeRuleType, NoticeStatus } from '@portal/shared';
import type { NotificationOutboxTable, NotificationRulesTable } from '../../../db/alarm-tables.js';
import { containsIgnoreCase } from '../../../db/like.js';
import { readPage, type PageOf, type PageRequest } from '../../../db/paging.js';
import type { Database } from '../../../db/types.js';

/* Notification rules, their contacts and the outbox's records (migration 0022). */

export type RuleRow = Omit<Selectable<NotificationRulesTable>, 'id'> & { id: number };
export type RuleColumns = Omit<NotificationRulesTable, 'id' | 'created_at'>;
export type OutboxRow = Omit<Selectable<NotificationOutboxTable>, 'id'> & { id: number };

export interface RuleFilter {
  name?: string | undefined;
  type?: NoticeRuleType | undefined;
  active?: boolean | undefined;
}

export interface RecordFilter {
  channel: 'mail' | 'sms';
  status?: NoticeStatus | undefined;
  keyword?: string | undefined;
}

export interface Contact {
  rule_id: number;
  channel: string;
  address: string;
}

export class NotificationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async page(filter: RuleFilter, page: PageRequest): Promise<PageOf<RuleRow>> {
    let q = this.db.selectFrom('notification_rules');
    if (filter.name) q = q.where(containsIgnoreCase('name', filter.name));
    if (filter.type) q = q.where('type', '=', filter.type);
    if (filter.active !== undefined) q = q.where('active', '=', filter.active ? 1 : 0);
    const r = await readPage(q, page, (f) => f.selectAll().orderBy('type').orderBy('name'));
    return { total: r.total, rows: r.rows.map((row) => ({ ...row, id: Number(row.id) })) };
  }

  async byId(id: number, db: Kysely<Database> = this.db): Promise<RuleRow | undefined> {
    const row = await db.selectFrom('notification_rules').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? { ...row, id: Number(row.id) } : undefined;
  }

  async nameTaken(type: string, name: string, except?: number, db: Kysely<Database> = this.db): Promise<boolean> {
    let q = db.selectFrom('notification_rules').select('id').where('type', '=', type).where('name', '=', name);
    if (except !== undefined) q = q.where('id', '!=', except);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async insert(trx: Transaction<Database>, row: RuleColumns & { created_at: number }): Promise<number> {
    return Number((await trx.insertInto('notification_rules').values(row).returning('id').executeTakeFirstOrThrow()).id);
  }

  async update(trx: Transaction<Database>, id: number, row: RuleColumns): Promise<void> {
    await trx.updateTable('notification_rules').set(row).where('id', '=', id).execute();
  }

  async setContacts(trx: Transaction<Database>, id: number, emails: readonly string[], phones: readonly string[]) {
    await trx.deleteFrom('notification_contacts').where('rule_id', '=', id).execute();
    const rows = [
      ...emails.map((address) => ({ rule_id: id, channel: 'mail', address })),
      ...phones.map((address) => ({ rule_id: id, channel: 'sms', address })),
    ];
    if (rows.length > 0) await trx.insertInto('notification_contacts').values(rows).execute();
  }

  async contactsOf(ids: readonly number[]): Promise<Contact[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('notification_contacts')
      .select(['rule_id', 'channel', 'address'])
      .where('rule_id', 'in', ids)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, rule_id: Number(r.rule_id) }));
  }

  async delete(trx: Transaction<Database>, ids: readonly number[]): Promise<void> {
    await trx.deleteFrom('notification_contacts').where('rule_id', 'in', ids).execute();
    await trx.deleteFrom('notification_rules').where('id', 'in', ids).execute();
  }

  /** Active users with their email and phone, to pick contacts from. */
  async users(userName: string | undefined, page: PageRequest) {
    let q = this.db.selectFrom('users').where('status', '=', 'active');
    if (userName) q = q.where(containsIgnoreCase('user_name', userName));
    return readPage(q, page, (f) => f.select(['user_name', 'email', 'phone_num']).orderBy('user_name'));
  }

  async records(filter: RecordFilter, page: PageRequest): Promise<PageOf<OutboxRow>> {
    let q = this.db.selectFrom('notification_outbox').where('channel', '=', filter.channel);
    if (filter.status) q = q.where('status', '=', filter.status);
    if (filter.keyword) {
      const k = filter.keyword;
      q = q.where((eb) => eb.or([containsIgnoreCase('recipients', k), containsIgnoreCase('subject', k)]));
    }
    const r = await readPage(q, page, (f) => f.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'));
    return { total: r.total, rows: r.rows.map((row) => ({ ...row, id: Number(row.id) })) };
  }

  async record(id: number): Promise<OutboxRow | undefined> {
    const row = await this.db.selectFrom('notification_outbox').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? { ...row, id: Number(row.id) } : undefined;
  }
}
