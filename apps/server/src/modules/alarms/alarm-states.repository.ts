import type { ExpressionBuilder, Insertable, Kysely, Transaction } from 'kysely';
import type { AlarmsTable } from '../../db/alarm-tables.js';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/types.js';
import { toSeverity, worse, type AlarmSeverity } from './engine/conditions.js';
import {
  evaluateSeries,
  INITIAL_STATE,
  type AlarmEvent,
  type AlarmRule,
  type AlarmState,
  type Sample,
} from './engine/evaluate.js';
import { applyQuietKeys } from './quiet-keys.js';

/*
 * The engine with its memory: a batch of samples of one (resource, metric, rule) is evaluated from
 * the stored state, and the new state and the alarm rows it changes are written in one
 * transaction. A crash before the commit leaves the old state (the batch is evaluated again when it
 * comes again); after it, a sample at or before the newest applied one is not applied twice. So a
 * restart neither raises an alarm twice nor loses one (docs/alarms.md).
 */

export interface AlarmKey {
  clusterId: string;
  resource: string;
  metric: string;
  ruleKey: string;
}

/** What a batch changed, with the alarm rows it touched. */
export type RecordedEvent = AlarmEvent & { alarmId: number };

/** No-data alarms are warnings: nothing is known about the value itself. */
const NO_DATA_SEVERITY: AlarmSeverity = 'warning';

/** What one batch of one key applied: its events, the alarms open after it and its newest sample's time. */
export interface AppliedBatch {
  key: AlarmKey;
  events: readonly RecordedEvent[];
  openAlarmId: number | null;
  noDataAlarmId: number | null;
  time: number;
  /** Alarms ended because no rule covers their key any more (endUncovered): recoveries without a value. */
  ended?: readonly number[];
}

export interface AlarmStatesHooks {
  /**
   * Runs inside the batch's transaction after its alarm rows are written (the notifications'
   * outbox): what it writes commits or rolls back with them. Called for every batch that applied
   * a new sample, events or not, so a rule can look at the open alarms on every round; in
   * applyBatch, not for a key with no alarm open before or after and no event (quiet-keys.ts).
   */
  onApplied?: (trx: Transaction<Database>, batch: AppliedBatch) => Promise<void>;
}

export class AlarmStatesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly hooks: AlarmStatesHooks = {},
    /** false: every key on the one-key path (bench/alarms compares the two). */
    private readonly quietInBulk = true,
  ) {}

  async apply(key: AlarmKey, rule: AlarmRule, samples: readonly Sample[]): Promise<RecordedEvent[]> {
    if (samples.length === 0) return [];
    return this.db.transaction().execute((trx) => this.applyIn(trx, key, rule, samples));
  }

  /**
   * Many keys' batches, in transactions of up to 200 keys in the keys' order (two evaluators on
   * PostgreSQL lock rows in the same order, so neither waits on the other in a circle).
   */
  async applyBatch(items: readonly { key: AlarmKey; rule: AlarmRule; samples: readonly Sample[] }[]): Promise<RecordedEvent[]> {
    const todo = items.filter((i) => i.samples.length > 0).sort((a, b) => compareKeys(a.key, b.key));
    const recorded: RecordedEvent[] = [];
    for (let i = 0; i < todo.length; i += 200) {
      const slice = todo.slice(i, i + 200);
      await this.db.transaction().execute(async (trx) => {
        // The keys with nothing open and nothing happening in bulk; the rest one by one.
        for (const item of this.quietInBulk ? await applyQuietKeys(trx, this.dialect, slice) : slice)
          recorded.push(...(await this.applyIn(trx, item.key, item.rule, item.samples)));
      });
    }
    return recorded;
  }

  /** The newest sample applied per key of a cluster (keyed as keyOf). */
  async lastTimes(clusterId: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('alarm_states')
      .select(['cluster_id', 'resource', 'metric', 'rule_key', 'last_time'])
      .where('cluster_id', '=', clusterId)
      .execute();
    return new Map(
      rows.map((r) => [
        keyOf({ clusterId: r.cluster_id, resource: r.resource, metric: r.metric, ruleKey: r.rule_key }),
        Number(r.last_time),
      ]),
    );
  }

  /**
   * Ends the open alarms of the keys under `rulePrefix` that `covered` no longer holds (a template
   * disabled, deleted, or no longer holding the resource or the metric) and forgets their state.
   */
  async endUncovered(rulePrefix: string, covered: ReadonlySet<string>, at: number): Promise<number> {
    const rows = await this.db.selectFrom('alarm_states').selectAll().where('rule_key', 'like', `${rulePrefix}%`).execute();
    const gone = rows.filter(
      (r) => !covered.has(keyOf({ clusterId: r.cluster_id, resource: r.resource, metric: r.metric, ruleKey: r.rule_key })),
    );
    for (let i = 0; i < gone.length; i += 200) {
      await this.db.transaction().execute(async (trx) => {
        for (const r of gone.slice(i, i + 200)) {
          const ids = [r.alarm_id, r.no_data_alarm_id].filter((x) => x !== null);
          const open =
            ids.length === 0
              ? []
              : (
                  await trx.selectFrom('alarms').select('id').where('id', 'in', ids).where('recovered_at', 'is', null).execute()
                ).map((a) => Number(a.id));
          if (open.length > 0) await trx.updateTable('alarms').set({ recovered_at: at }).where('id', 'in', open).execute();
          const key = { clusterId: r.cluster_id, resource: r.resource, metric: r.metric, ruleKey: r.rule_key };
          await trx
            .deleteFrom('alarm_states')
            .where((eb) => keyIs(eb, key))
            .execute();
          // Their recovery notices, in this transaction like every other alarm change's.
          if (open.length > 0)
            await this.hooks.onApplied?.(trx, { key, events: [], openAlarmId: null, noDataAlarmId: null, time: at, ended: open });
        }
      });
    }
    return gone.length;
  }

  private async applyIn(
    trx: Transaction<Database>,
    key: AlarmKey,
    rule: AlarmRule,
    samples: readonly Sample[],
  ): Promise<RecordedEvent[]> {
    // The row first (so two evaluators of one key queue on it), then locked where the database can.
    await trx
      .insertInto('alarm_states')
      .values({
        cluster_id: key.clusterId,
        resource: key.resource,
        metric: key.metric,
        rule_key: key.ruleKey,
        last_time: -1,
        hits: 0,
        misses: 0,
        missing: 0,
        alarm_id: null,
        no_data_alarm_id: null,
      })
      .onConflict((oc) => oc.columns(['cluster_id', 'resource', 'metric', 'rule_key']).doNothing())
      .execute();
    let select = trx
      .selectFrom('alarm_states')
      .selectAll()
      .where((eb) => keyIs(eb, key));
    if (this.dialect === 'postgres') select = select.forUpdate();
    const row = await select.executeTakeFirstOrThrow();
    const lastTime = Number(row.last_time);
    const fresh = samples.filter((s) => s.time > lastTime);
    if (fresh.length === 0) return [];
    const open = row.alarm_id === null ? undefined : await alarmRow(trx, row.alarm_id);
    const noData = row.no_data_alarm_id === null ? undefined : await alarmRow(trx, row.no_data_alarm_id);
    const before: AlarmState = {
      ...INITIAL_STATE,
      hits: row.hits,
      misses: row.misses,
      missing: row.missing,
      open: open ? { severity: toSeverity(open.severity), since: Number(open.raised_at), value: Number(open.value) } : null,
      noDataSince: noData ? Number(noData.raised_at) : null,
    };
    const { state, events } = evaluateSeries(rule, fresh, before);
    let alarmId = row.alarm_id;
    let noDataId = row.no_data_alarm_id;
    const recorded: RecordedEvent[] = [];
    for (const e of events) {
      const base = { cluster_id: key.clusterId, resource: key.resource, metric: key.metric, rule_key: key.ruleKey };
      switch (e.kind) {
        case 'raised':
          alarmId = await insertAlarm(trx, {
            ...base,
            kind: 'threshold',
            severity: e.severity,
            peak_severity: e.severity,
            value: e.value,
            raised_at: e.time,
            ...conditionOf(rule, e.severity),
          });
          break;
        case 'severityChanged': {
          if (alarmId === null) throw new Error('a severity change without an open alarm');
          const current = await alarmRow(trx, alarmId);
          const peak = worse(toSeverity(current.peak_severity), e.severity);
          await trx
            .updateTable('alarms')
            .set({ severity: e.severity, peak_severity: peak, value: e.value, ...conditionOf(rule, e.severity) })
            .where('id', '=', alarmId)
            .execute();
          break;
        }
        case 'recovered':
          if (alarmId === null) throw new Error('a recovery without an open alarm');
          await trx
            .updateTable('alarms')
            .set({ recovered_at: e.time, recovery_value: e.value })
            .where('id', '=', alarmId)
            .execute();
          break;
        case 'noData':
          noDataId = await insertAlarm(trx, {
            ...base,
            kind: 'noData',
            severity: NO_DATA_SEVERITY,
            peak_severity: NO_DATA_SEVERITY,
            value: null,
            raised_at: e.time,
            condition_op: null,
            threshold: null,
          });
          break;
        case 'dataBack':
          if (noDataId === null) throw new Error('data back without a no-data alarm');
          await trx.updateTable('alarms').set({ recovered_at: e.time }).where('id', '=', noDataId).execute();
          break;
      }
      recorded.push({ ...e, alarmId: (e.kind === 'noData' || e.kind === 'dataBack' ? noDataId : alarmId) ?? 0 });
      if (e.kind === 'recovered') alarmId = null;
      if (e.kind === 'dataBack') noDataId = null;
    }
    await trx
      .updateTable('alarm_states')
      .set({
        last_time: fresh[fresh.length - 1]?.time ?? lastTime,
        hits: state.hits,
        misses: state.misses,
        missing: state.missing,
        alarm_id: alarmId,
        no_data_alarm_id: noDataId,
      })
      .where((eb) => keyIs(eb, key))
      .execute();
    await this.hooks.onApplied?.(trx, {
      key,
      events: recorded,
      openAlarmId: alarmId,
      noDataAlarmId: noDataId,
      time: fresh[fresh.length - 1]?.time ?? lastTime,
    });
    return recorded;
  }

  /** The alarms of a resource, newest first (open ones have no recovery time). */
  listAlarms(clusterId: string, resource?: string) {
    let q = this.db.selectFrom('alarms').selectAll().where('cluster_id', '=', clusterId);
    if (resource) q = q.where('resource', '=', resource);
    return q.orderBy('raised_at', 'desc').orderBy('id', 'desc').execute();
  }
}

/** The condition of the rule's level of that severity, as the alarm list shows it. */
const conditionOf = (rule: AlarmRule, severity: AlarmSeverity): { condition_op: string | null; threshold: string | null } => {
  const c = rule.levels.find((l) => l.severity === severity)?.condition;
  if (!c) return { condition_op: null, threshold: null };
  return { condition_op: c.op, threshold: 'value' in c ? String(c.value) : `${c.low}..${c.high}` };
};

/** One string per key, for sets and maps. */
export const keyOf = (k: AlarmKey): string => `${k.clusterId}\u0000${k.resource}\u0000${k.metric}\u0000${k.ruleKey}`;

const compareKeys = (a: AlarmKey, b: AlarmKey): number => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0);

/** The state row of one (resource, metric, rule). */
const keyIs = (eb: ExpressionBuilder<Database, 'alarm_states'>, key: AlarmKey) =>
  eb.and([
    eb('cluster_id', '=', key.clusterId),
    eb('resource', '=', key.resource),
    eb('metric', '=', key.metric),
    eb('rule_key', '=', key.ruleKey),
  ]);

const alarmRow = (trx: Transaction<Database>, id: number) =>
  trx.selectFrom('alarms').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

type NewAlarm = Pick<
  Insertable<AlarmsTable>,
  | 'cluster_id'
  | 'resource'
  | 'metric'
  | 'rule_key'
  | 'kind'
  | 'severity'
  | 'peak_severity'
  | 'value'
  | 'raised_at'
  | 'condition_op'
  | 'threshold'
>;

const insertAlarm = async (trx: Transaction<Database>, row: NewAlarm) =>
  Number(
    (
      await trx
        .insertInto('alarms')
        .values({ ...row, recovered_at: null, recovery_value: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
