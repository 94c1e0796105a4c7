import type { NoticeRecord, NoticeRule, NoticeRuleFields, NoticeRuleType, NoticeScope, NoticeStatus } from '@portal/shared';
import { isUniqueViolation } from '../../../db/unique-violation.js';
import type { Clock } from '../../../lib/time.js';
import * as errors from './notifications.errors.js';
import type {
  Contact,
  NotificationsRepository,
  OutboxRow,
  RecordFilter,
  RuleFilter,
  RuleRow,
} from './notifications.repository.js';

/*
 * Notification rules and what was sent (docs/alarms.md "Notifications"): a rule's name is unique
 * within its type ('Rule name already exists'); its contacts (validated by the contract: each
 * once, the English comma) are replaced with the rule. A change counts from the next round of the
 * engine; notices already in the outbox are sent as they were written.
 */

type Page = { pageStart: number; pageLimit: number };

export class NotificationsService {
  constructor(
    private readonly repo: NotificationsRepository,
    private readonly clock: Clock,
  ) {}

  async list(filter: RuleFilter, page: Page): Promise<{ total: number; list: NoticeRule[] }> {
    const r = await this.repo.page(filter, { offset: page.pageStart, limit: page.pageLimit });
    const contacts = await this.repo.contactsOf(r.rows.map((x) => x.id));
    return { total: r.total, list: r.rows.map((x) => ruleView(x, contacts)) };
  }

  async get(id: number): Promise<NoticeRule> {
    const row = await this.repo.byId(id);
    if (!row) throw errors.noticeRuleNotFound(id);
    return ruleView(row, await this.repo.contactsOf([id]));
  }

  async create(input: NoticeRuleFields, by: string): Promise<NoticeRule> {
    return this.get(await this.save(null, input, by));
  }

  async modify(id: number, input: NoticeRuleFields, by: string): Promise<NoticeRule> {
    if (!(await this.repo.byId(id))) throw errors.noticeRuleNotFound(id);
    return this.get(await this.save(id, input, by));
  }

  /** Removes the rules with their contacts; their names, for the audit log. */
  async delete(ids: readonly number[]): Promise<string[]> {
    const names: string[] = [];
    for (const id of ids) {
      const row = await this.repo.byId(id);
      if (!row) throw errors.noticeRuleNotFound(id);
      names.push(row.name);
    }
    await this.repo.transaction((trx) => this.repo.delete(trx, ids));
    return names;
  }

  async users(userName: string | undefined, page: Page) {
    const r = await this.repo.users(userName, { offset: page.pageStart, limit: page.pageLimit });
    return { total: r.total, list: r.rows.map((u) => ({ userName: u.user_name, email: u.email, phone: u.phone_num })) };
  }

  async records(filter: RecordFilter, page: Page) {
    const r = await this.repo.records(filter, { offset: page.pageStart, limit: page.pageLimit });
    return { total: r.total, list: r.rows.map((x) => ({ ...recordView(x), content: x.content })) };
  }

  async mailContent(id: number) {
    const row = await this.repo.record(id);
    if (!row || row.channel !== 'mail') throw errors.noticeRecordNotFound(id);
    return { id: row.id, subject: row.subject, content: row.content };
  }

  private async save(id: number | null, input: NoticeRuleFields, by: string): Promise<number> {
    if (await this.repo.nameTaken(input.type, input.name, id ?? undefined)) throw errors.noticeRuleNameExists(input.name);
    const now = this.clock.now();
    const row = {
      name: input.name,
      type: input.type,
      content: input.content ?? '',
      interval_minutes: input.interval,
      active: input.active ? 1 : 0,
      weight: input.weight,
      scope: JSON.stringify(input.scope),
      updated_at: now,
      updated_by: by,
    };
    try {
      return await this.repo.transaction(async (trx) => {
        const saved = id ?? (await this.repo.insert(trx, { ...row, created_at: now }));
        if (id !== null) await this.repo.update(trx, id, row);
        await this.repo.setContacts(trx, saved, input.emails, input.phones);
        return saved;
      });
    } catch (e) {
      // Two saves of one name at once: the unique index decides.
      if (isUniqueViolation(e)) throw errors.noticeRuleNameExists(input.name);
      throw e;
    }
  }
}

const iso = (ms: number) => new Date(Number(ms)).toISOString();

const ruleView = (r: RuleRow, contacts: readonly Contact[]): NoticeRule => {
  const own = contacts.filter((c) => c.rule_id === r.id);
  return {
    id: r.id,
    name: r.name,
    type: r.type as NoticeRuleType,
    content: r.content,
    interval: r.interval_minutes,
    active: r.active === 1,
    weight: r.weight,
    scope: JSON.parse(r.scope) as NoticeScope,
    emails: own.filter((c) => c.channel === 'mail').map((c) => c.address),
    phones: own.filter((c) => c.channel === 'sms').map((c) => c.address),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    updatedBy: r.updated_by,
  };
};

const recordView = (r: OutboxRow): NoticeRecord => ({
  id: r.id,
  ruleId: Number(r.rule_id),
  ruleName: r.rule_name,
  alarmId: Number(r.alarm_id),
  name: r.subject,
  status: r.status as NoticeStatus,
  contacts: r.recipients.split(',').filter((x) => x.length > 0),
  attempts: r.attempts,
  lastError: r.last_error,
  createdAt: iso(r.created_at),
  sendTime: r.sent_at === null ? null : iso(r.sent_at),
  updateTime: iso(r.updated_at),
});
