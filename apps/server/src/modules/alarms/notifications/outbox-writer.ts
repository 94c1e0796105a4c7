import type { NoticeRuleType, NoticeScope } from '@portal/shared';
import type { Insertable, Selectable, Transaction } from 'kysely';
import type { AlarmsTable, NotificationOutboxTable } from '../../../db/alarm-tables.js';
import type { Database } from '../../../db/types.js';
import type { Clock } from '../../../lib/time.js';
import type { AppliedBatch } from '../alarm-states.repository.js';
import { severityRank, toSeverity } from '../engine/conditions.js';
import { aggregateRuleIdOf } from '../aggregation/aggregate.js';
import type { AggregateChanges } from '../aggregation/aggregation.repository.js';

/*
 * The notices an alarm change causes, written to the outbox in the transaction that changes the
 * alarm (AlarmStatesRepository's onApplied hook): the change and its notices commit together or
 * not at all. Each notice has an idempotency key, rule:alarm:kind:sequence:channel, unique in the
 * outbox, so a batch applied again writes nothing twice (docs/alarms.md "Notifications").
 *
 * Which rules match (active rules only; the scope's metrics and, but for alarmLevel, its
 * severities narrow every type):
 * - indicatorRecovery: an alarm recovered (or a no-data alarm's data came back, or its template
 *   stopped covering it: disabled, deleted or changed): one notice.
 * - indicatorAlarm, asset (the alarm's asset among the scope's ids), assetType (its type among the
 *   scope's), alarmLevel (its severity now among the scope's), durationLevel (open for the scope's
 *   minutes at its severity or worse): while the alarm is open and matches, one notice per
 *   interval of its open life. The sequence is the number of whole intervals since it was raised
 *   (for durationLevel, since the duration was reached); the first round that matches in an
 *   interval writes that interval's notice, so the first notice goes out at once and reminders
 *   follow at most once an interval while the alarm stays open and matching.
 * - aggregateAlarm (an aggregated alarm opened, then once an interval while open), aggregateRecovery
 *   (one recovered): from the aggregation scan's transaction (onAggregates). With a float amount
 *   (spec section 9's float rule) the reminders change: one goes out only when the member count
 *   has moved by more than the amount since the last notice and that notice is an interval old.
 */

const MINUTE = 60_000;

export interface RuleWithContacts {
  id: number;
  createdAt: number;
  name: string;
  type: NoticeRuleType;
  content: string;
  intervalMinutes: number;
  weight: number;
  scope: NoticeScope;
  emails: string[];
  phones: string[];
}

type AlarmRow = Selectable<AlarmsTable>;

interface Asset {
  id: number;
  type: string;
}

/** A notice of one rule about one alarm, before it is split by channel. */
interface Notice {
  rule: RuleWithContacts;
  alarm: AlarmRow;
  kind: 'alarm' | 'recovery';
  sequence: number;
  /** When the alarm changed (the sample's time). */
  time: number;
  /** An aggregate notice: the members it tells of (the float rule compares the next with it). */
  count?: number;
  /** A recovery because no template covers the alarm any more (disabled, deleted, changed). */
  ended?: boolean;
}

const RAISE_TYPES: ReadonlySet<NoticeRuleType> = new Set(['indicatorAlarm', 'asset', 'assetType', 'alarmLevel', 'durationLevel']);

export class OutboxWriter {
  /** The active rules, read once per transaction (a batch of many keys shares one). */
  private readonly rulesIn = new WeakMap<Transaction<Database>, Promise<RuleWithContacts[]>>();

  constructor(private readonly clock: Clock) {}

  /** The hook: the notices of one applied batch, into the outbox of its transaction. */
  async onApplied(trx: Transaction<Database>, batch: AppliedBatch): Promise<void> {
    const raised = batch.events.filter((e) => e.kind === 'raised' || e.kind === 'noData').map((e) => e.alarmId);
    const recovered = [
      ...batch.events.filter((e) => e.kind === 'recovered' || e.kind === 'dataBack'),
      ...(batch.ended ?? []).map((alarmId) => ({ alarmId, time: batch.time, ended: true })),
    ];
    const open = [batch.openAlarmId, batch.noDataAlarmId].filter((x): x is number => x !== null);
    if (raised.length === 0 && recovered.length === 0 && open.length === 0) return;
    let read = this.rulesIn.get(trx);
    if (!read) {
      read = activeRules(trx);
      this.rulesIn.set(trx, read);
    }
    const rules = await read;
    if (rules.length === 0) return;
    const ids = [...new Set([...raised, ...open, ...recovered.map((e) => e.alarmId)])].filter((x) => x > 0);
    if (ids.length === 0) return;
    const alarms = new Map(
      (await trx.selectFrom('alarms').selectAll().where('id', 'in', ids).execute()).map((a) => [Number(a.id), a]),
    );
    const needsAsset = rules.some((r) => r.type === 'asset' || r.type === 'assetType');
    const asset = needsAsset ? await assetOf(trx, batch.key.clusterId, batch.key.resource) : undefined;
    const notices: Notice[] = [];
    for (const rule of rules) {
      if (rule.type === 'indicatorRecovery') {
        for (const e of recovered) {
          const alarm = alarms.get(e.alarmId);
          if (alarm && inScope(rule, alarm, true))
            notices.push({ rule, alarm, kind: 'recovery', sequence: 0, time: e.time, ended: 'ended' in e });
        }
        continue;
      }
      if (!RAISE_TYPES.has(rule.type)) continue;
      for (const id of new Set([...raised, ...open])) {
        const alarm = alarms.get(id);
        if (!alarm || !inScope(rule, alarm, rule.type !== 'alarmLevel') || !matches(rule, alarm, asset)) continue;
        // An alarm raised and recovered within the batch is told of as of its raise.
        const time = alarm.recovered_at === null ? batch.time : Number(alarm.raised_at);
        const since = Number(alarm.raised_at) + (rule.type === 'durationLevel' ? (rule.scope.durationMinutes ?? 0) * MINUTE : 0);
        if (time < since) continue;
        const sequence = Math.floor((time - since) / (rule.intervalMinutes * MINUTE));
        notices.push({ rule, alarm, kind: 'alarm', sequence, time });
      }
    }
    await writeRows(trx, notices, this.clock.now());
  }

  /**
   * The notices of an aggregation scan, in its transaction: aggregateAlarm for an aggregated alarm
   * opened and, while it stays open, once an interval; aggregateRecovery for one recovered. The
   * scope's aggregate rules (all when none) and severities narrow both.
   */
  async onAggregates(trx: Transaction<Database>, changes: AggregateChanges, time: number): Promise<void> {
    if (changes.open.length === 0 && changes.recovered.length === 0) return;
    const rules = (await activeRules(trx)).filter((r) => r.type === 'aggregateAlarm' || r.type === 'aggregateRecovery');
    if (rules.length === 0) return;
    const ids = [...changes.open, ...changes.recovered];
    const alarms = (await trx.selectFrom('alarms').selectAll().where('id', 'in', ids).execute()).map((a) => ({
      ...a,
      id: Number(a.id),
    }));
    const recovered = new Set(changes.recovered);
    const notices: Notice[] = [];
    for (const rule of rules)
      for (const alarm of alarms) {
        const ruleId = aggregateRuleIdOf(alarm.rule_key);
        const { aggregateRuleIds: only, severities } = rule.scope;
        if (ruleId === null || (only && only.length > 0 && !only.includes(ruleId))) continue;
        if (severities && severities.length > 0 && !severities.includes(toSeverity(alarm.severity))) continue;
        const isRecovered = recovered.has(alarm.id);
        if (rule.type === 'aggregateRecovery' && isRecovered) notices.push({ rule, alarm, kind: 'recovery', sequence: 0, time });
        if (rule.type === 'aggregateAlarm' && !isRecovered) {
          const sequence = Math.floor((time - Number(alarm.raised_at)) / (rule.intervalMinutes * MINUTE));
          const count = Number(alarm.value ?? 0);
          if (sequence > 0 && !(await floatAllows(trx, rule, alarm.id, count, time))) continue;
          notices.push({ rule, alarm, kind: 'alarm', sequence, time, count });
        }
      }
    await writeRows(trx, notices, this.clock.now());
  }
}

/**
 * The float rule: without a float amount every interval has its reminder; with one, a reminder
 * needs the count moved by more than the amount since the rule's last notice of this alarm, and
 * that notice an interval old (a rule added while the alarm was open sends at once).
 */
const floatAllows = async (
  trx: Transaction<Database>,
  rule: RuleWithContacts,
  alarmId: number,
  count: number,
  time: number,
): Promise<boolean> => {
  const amount = rule.scope.floatAmount;
  if (amount === undefined) return true;
  const last = await trx
    .selectFrom('notification_outbox')
    .select(['aggregate_count', 'created_at'])
    .where('rule_id', '=', rule.id)
    .where('alarm_id', '=', alarmId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last) return true;
  return (
    Math.abs(count - Number(last.aggregate_count ?? 0)) > amount &&
    time - Number(last.created_at) >= rule.intervalMinutes * MINUTE
  );
};

/** Into the outbox, each idempotency key once. */
const writeRows = async (trx: Transaction<Database>, notices: readonly Notice[], now: number) => {
  for (const row of notices.flatMap((n) => outboxRows(n, now)))
    await trx
      .insertInto('notification_outbox')
      .values(row)
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
};

export const activeRules = async (trx: Transaction<Database>): Promise<RuleWithContacts[]> => {
  const rules = await trx.selectFrom('notification_rules').selectAll().where('active', '=', 1).execute();
  if (rules.length === 0) return [];
  const contacts = await trx
    .selectFrom('notification_contacts')
    .selectAll()
    .where(
      'rule_id',
      'in',
      rules.map((r) => r.id),
    )
    .orderBy('id')
    .execute();
  return rules.map((r) => ({
    id: Number(r.id),
    createdAt: Number(r.created_at),
    name: r.name,
    type: r.type as NoticeRuleType,
    content: r.content,
    intervalMinutes: r.interval_minutes,
    weight: r.weight,
    scope: JSON.parse(r.scope) as NoticeScope,
    emails: contacts.filter((c) => Number(c.rule_id) === Number(r.id) && c.channel === 'mail').map((c) => c.address),
    phones: contacts.filter((c) => Number(c.rule_id) === Number(r.id) && c.channel === 'sms').map((c) => c.address),
  }));
};

/** The inventory's asset of an alarm's resource: by name, in its cluster (or in none). */
const assetOf = async (trx: Transaction<Database>, clusterId: string, name: string): Promise<Asset | undefined> => {
  const rows = await trx
    .selectFrom('assets')
    .select(['id', 'type', 'cluster_id'])
    .where('name', '=', name)
    .where('cluster_id', 'in', [clusterId, ''])
    .execute();
  const row = rows.find((r) => r.cluster_id === clusterId) ?? rows[0];
  return row ? { id: Number(row.id), type: row.type } : undefined;
};

/** The scope's metrics, and its severities where they narrow (not for alarmLevel, whose set they are). */
const inScope = (rule: RuleWithContacts, alarm: AlarmRow, bySeverity: boolean): boolean => {
  const { metrics, severities } = rule.scope;
  if (metrics && metrics.length > 0 && !metrics.includes(alarm.metric)) return false;
  if (bySeverity && severities && severities.length > 0 && !severities.includes(toSeverity(alarm.severity))) return false;
  return true;
};

const matches = (rule: RuleWithContacts, alarm: AlarmRow, asset: Asset | undefined): boolean => {
  const s = rule.scope;
  switch (rule.type) {
    case 'indicatorAlarm':
      return true;
    case 'asset':
      return asset !== undefined && (s.assetIds ?? []).includes(asset.id);
    case 'assetType':
      return asset !== undefined && (s.assetTypes ?? []).some((t) => t === asset.type);
    case 'alarmLevel':
      return (s.severities ?? []).includes(toSeverity(alarm.severity));
    case 'durationLevel':
      return (
        alarm.recovered_at === null &&
        s.severity !== undefined &&
        severityRank(toSeverity(alarm.severity)) >= severityRank(s.severity)
      );
    default:
      return false;
  }
};

const SEVERITY_TEXT: Record<string, string> = { warning: 'Warning', minor: 'Minor', major: 'Major', critical: 'Critical' };

/** The built-in text, and what a rule's own content may use. */
export const DEFAULT_CONTENT = '{severity} alarm {event}: {resource} ({cluster}) {metric} = {value} at {time}. Rule: {rule}.';

const eventText = (n: Notice): string => {
  if (n.kind === 'recovery') return n.ended ? 'ended (no threshold template covers it any more)' : 'recovered';
  if (n.alarm.kind === 'noData') return n.sequence === 0 ? 'raised (no data)' : 'still open (no data)';
  if (n.alarm.kind === 'aggregate')
    return `${n.sequence === 0 ? 'raised' : 'still open'} (${n.alarm.value ?? 0} alarms aggregated)`;
  if (n.rule.type === 'durationLevel') return `open for ${n.rule.scope.durationMinutes ?? 0} minutes or more`;
  return n.sequence === 0 ? 'raised' : 'still open';
};

export const renderNotice = (template: string, n: Notice): { subject: string; content: string } => {
  const a = n.alarm;
  const value = n.kind === 'recovery' ? a.recovery_value : a.value;
  const fields: Record<string, string> = {
    severity: SEVERITY_TEXT[a.severity] ?? a.severity,
    event: eventText(n),
    resource: a.resource,
    cluster: a.cluster_id,
    metric: a.metric,
    value: value === null ? '-' : String(value),
    time: new Date(n.time).toISOString(),
    rule: n.rule.name,
  };
  const fill = (t: string) => t.replace(/\{(\w+)\}/g, (m, k: string) => fields[k] ?? m);
  return {
    subject: fill('[{severity}] {resource} {metric} {event}').slice(0, 255),
    content: fill(template || DEFAULT_CONTENT),
  };
};

const outboxRows = (n: Notice, now: number): Insertable<NotificationOutboxTable>[] => {
  const { subject, content } = renderNotice(n.rule.content, n);
  const base = `${n.rule.id}:${Number(n.alarm.id)}:${n.kind}:${n.sequence}`;
  const channels: ['mail' | 'sms', string[]][] = [
    ['mail', n.rule.emails],
    ['sms', n.rule.phones],
  ];
  return channels
    .filter(([, to]) => to.length > 0)
    .map(([channel, to]) => ({
      idempotency_key: `${base}:${channel}`,
      rule_id: n.rule.id,
      rule_name: n.rule.name,
      alarm_id: Number(n.alarm.id),
      weight: n.rule.weight,
      channel,
      recipients: to.join(','),
      subject,
      content,
      status: 'waiting',
      next_attempt_at: now,
      lease_until: null,
      last_error: null,
      created_at: now,
      updated_at: now,
      sent_at: null,
      aggregate_count: n.count ?? null,
    }));
};
