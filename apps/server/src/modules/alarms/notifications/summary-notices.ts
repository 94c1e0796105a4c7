import type { AlarmSeverity } from '@portal/shared';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { NotificationOutboxTable } from '../../../db/alarm-tables.js';
import type { Database } from '../../../db/types.js';
import type { Clock } from '../../../lib/time.js';
import { addDays, dayText, type ZoneDays } from '../../../lib/zone-days.js';
import { toSeverity } from '../engine/conditions.js';
import { activeRules, type RuleWithContacts } from './outbox-writer.js';

/*
 * The notices about many alarms at once (docs/alarms.md "Notifications"), written to the same
 * outbox as the others and with idempotency keys, so two instances or a repeated look write each
 * once:
 * - scale: the open alarms of a level reached the rule's count for it; told at once, then at most
 *   once an interval while a level stays at or over its count. Key rule:0:scale:<interval number>.
 * - scheduledInspection: once a day at the rule's send time (the reports' time zone), the alarms
 *   raised (the alarm mail) and recovered (the recovery mail) in the day before it, and those open.
 *   A send time missed while the portal was down is made up once, on its next look that day; a
 *   rule added after the send time starts the next day. Key rule:0:inspection:<day>.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const LEVELS: readonly AlarmSeverity[] = ['critical', 'major', 'minor', 'warning'];
/** Alarms listed by name in an inspection mail, per part; the rest are counted. */
const LISTED = 20;
/** The ordinary alarms: an aggregated one (status 3) stands for alarms counted already. */
const ORDINARY = 0;

export const DEFAULT_SCALE_CONTENT = 'Open alarms reached the count of rule {rule} at {time}: {counts}.';
export const DEFAULT_INSPECTION_CONTENT = 'Alarm inspection of {day} ({rule}):\n{summary}';

export class SummaryNotices {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly days: ZoneDays,
    private readonly clock: Clock,
  ) {}

  /** After each round of the engine: the scale rules whose counts are reached. Returns the notices written. */
  async scale(): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const rules = (await activeRules(trx)).filter((r) => r.type === 'scale');
      if (rules.length === 0) return 0;
      const now = this.clock.now();
      const open = await openBySeverity(trx);
      let written = 0;
      for (const rule of rules) {
        const over = LEVELS.filter((l) => {
          const count = rule.scope.levelCounts?.[l];
          return count !== undefined && (open.get(l) ?? 0) >= count;
        });
        if (over.length === 0) continue;
        const interval = rule.intervalMinutes * MINUTE;
        if (now - (await lastNoticeAt(trx, rule.id)) < interval) continue;
        const counts = over.map((l) => `${l} ${open.get(l) ?? 0} (count ${rule.scope.levelCounts?.[l] ?? 0})`).join(', ');
        const fields = { rule: rule.name, time: new Date(now).toISOString(), counts };
        written += await insertRows(trx, rule, `scale:${Math.floor(now / interval)}`, {
          subject: `[Scale] open alarms reached their count: ${counts}`,
          content: fill(rule.content || DEFAULT_SCALE_CONTENT, fields),
          now,
        });
      }
      return written;
    });
  }

  /** Looked at with every round of the sender: the inspections whose send time has come. */
  async inspect(): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const rules = (await activeRules(trx)).filter((r) => r.type === 'scheduledInspection');
      let written = 0;
      const now = this.clock.now();
      for (const rule of rules) {
        const at = this.lastSendTime(rule.scope.sendTime ?? '00:00', now);
        if (rule.createdAt > at) continue;
        const day = dayText(this.days.dayOf(at));
        const base = `inspection:${day}`;
        const taken = await trx
          .selectFrom('notification_outbox')
          .select('id')
          .where('idempotency_key', 'like', `${rule.id}:0:${base}:%`)
          .executeTakeFirst();
        if (taken) continue;
        const summary = await inspection(trx, rule, at - DAY, at);
        written += await insertRows(trx, rule, base, {
          subject: `[Inspection] alarms of ${day}: ${summary.headline}`,
          content: fill(rule.content || DEFAULT_INSPECTION_CONTENT, {
            rule: rule.name,
            day,
            time: new Date(at).toISOString(),
            summary: summary.text,
          }),
          now,
        });
      }
      return written;
    });
  }

  /** The latest send time at or before `now`: today's, or yesterday's before it comes. */
  private lastSendTime(hhmm: string, now: number): number {
    const [h = 0, m = 0] = hhmm.split(':').map(Number);
    const today = this.days.dayOf(now);
    const at = this.days.startOf(today) + h * HOUR + m * MINUTE;
    return at <= now ? at : this.days.startOf(addDays(today, -1)) + h * HOUR + m * MINUTE;
  }
}

const fill = (template: string, fields: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (m, k: string) => fields[k] ?? m);

const openBySeverity = async (trx: Transaction<Database>): Promise<Map<AlarmSeverity, number>> => {
  const rows = await trx
    .selectFrom('alarms')
    .select(['severity', sql<number>`count(*)`.as('n')])
    .where('recovered_at', 'is', null)
    .where('status', '=', ORDINARY)
    .groupBy('severity')
    .execute();
  return new Map(rows.map((r) => [toSeverity(r.severity), Number(r.n)]));
};

const lastNoticeAt = async (trx: Transaction<Database>, ruleId: number): Promise<number> => {
  const last = await trx
    .selectFrom('notification_outbox')
    .select('created_at')
    .where('rule_id', '=', ruleId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last ? Number(last.created_at) : -Infinity;
};

/** What an inspection tells: the parts the rule asks for, and the alarms open at its time. */
const inspection = async (trx: Transaction<Database>, rule: RuleWithContacts, from: number, to: number) => {
  const raisedIn = (column: 'raised_at' | 'recovered_at') =>
    trx
      .selectFrom('alarms')
      .select(['resource', 'metric', 'severity', 'raised_at', 'recovered_at'])
      .where('status', '=', ORDINARY)
      .where(column, '>=', from)
      .where(column, '<', to)
      .orderBy(column, 'desc')
      .execute();
  const lines: string[] = [];
  const headline: string[] = [];
  const part = (title: string, rows: Awaited<ReturnType<typeof raisedIn>>, column: 'raised_at' | 'recovered_at') => {
    headline.push(`${rows.length} ${title.toLowerCase()}`);
    lines.push(`${title}: ${rows.length}${countsText(rows)}`);
    for (const a of rows.slice(0, LISTED))
      lines.push(`  ${new Date(Number(a[column])).toISOString()}  ${a.severity}  ${a.resource}  ${a.metric}`);
    if (rows.length > LISTED) lines.push(`  ... and ${rows.length - LISTED} more`);
  };
  if (rule.scope.alarmMail) part('Raised', await raisedIn('raised_at'), 'raised_at');
  if (rule.scope.recoveryMail) part('Recovered', await raisedIn('recovered_at'), 'recovered_at');
  const open = await openBySeverity(trx);
  const openTotal = [...open.values()].reduce((a, b) => a + b, 0);
  lines.push(`Open now: ${openTotal}${openTotal > 0 ? ` (${LEVELS.map((l) => `${l} ${open.get(l) ?? 0}`).join(', ')})` : ''}`);
  return { headline: headline.join(', '), text: lines.join('\n') };
};

const countsText = (rows: readonly { severity: string }[]) => {
  if (rows.length === 0) return '';
  const by = LEVELS.map((l) => [l, rows.filter((r) => r.severity === l).length] as const).filter(([, n]) => n > 0);
  return ` (${by.map(([l, n]) => `${l} ${n}`).join(', ')})`;
};

/** One row per channel the rule has contacts for, each key once. */
const insertRows = async (
  trx: Transaction<Database>,
  rule: RuleWithContacts,
  base: string,
  m: { subject: string; content: string; now: number },
): Promise<number> => {
  const rows: Insertable<NotificationOutboxTable>[] = (
    [
      ['mail', rule.emails],
      ['sms', rule.phones],
    ] as const
  )
    .filter(([, to]) => to.length > 0)
    .map(([channel, to]) => ({
      idempotency_key: `${rule.id}:0:${base}:${channel}`,
      rule_id: rule.id,
      rule_name: rule.name,
      alarm_id: 0,
      weight: rule.weight,
      channel,
      recipients: to.join(','),
      subject: m.subject.slice(0, 255),
      content: m.content,
      status: 'waiting',
      next_attempt_at: m.now,
      lease_until: null,
      last_error: null,
      created_at: m.now,
      updated_at: m.now,
      sent_at: null,
    }));
  let written = 0;
  for (const row of rows) {
    const r = await trx
      .insertInto('notification_outbox')
      .values(row)
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .executeTakeFirst();
    written += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return written;
};
