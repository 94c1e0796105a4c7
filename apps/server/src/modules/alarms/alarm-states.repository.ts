import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/types.js';
import { toSeverity } from './engine/conditions.js';
import {
  evaluateSeries,
  INITIAL_STATE,
  type AlarmEvent,
  type AlarmRule,
  type AlarmState,
  type Sample,
} from './engine/evaluate.js';
import { alarmRow, writeEvents } from './alarm-rows.js';
import { AlarmStateMemory, type HeldState } from './alarm-state-memory.js';

/*
 * The engine with its memory: a batch of samples of one (resource, metric, rule) is evaluated from
 * the key's state, and an alarm change is written with the key's new state in one transaction. A
 * crash before the commit leaves the old state (the batch is evaluated again when it comes again);
 * after it, a sample at or before the newest applied one is not applied twice. So a restart
 * neither raises an alarm twice nor loses one (docs/alarms.md). The keys with nothing open and
 * nothing happening are kept in memory between flushes (alarm-state-memory.ts).
 */

export interface AlarmKey {
  clusterId: string;
  resource: string;
  metric: string;
  ruleKey: string;
}

/** What a batch changed, with the alarm rows it touched. */
export type RecordedEvent = AlarmEvent & { alarmId: number };

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

type KeyBatch = { key: AlarmKey; rule: AlarmRule; samples: readonly Sample[] };

export interface AlarmStatesOptions {
  /** false: every key on the one-key path, nothing held (bench/alarms compares the two). */
  holdQuietKeys?: boolean;
  /** How often held quiet keys are written (the most a kill -9 makes the catch-up apply again). */
  flushEveryMs?: number;
}

export class AlarmStatesRepository {
  private readonly memory: AlarmStateMemory | null;
  /** Each cluster's batches one after another (the memory is read and changed across awaits). */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly hooks: AlarmStatesHooks = {},
    options: AlarmStatesOptions = {},
  ) {
    this.memory = options.holdQuietKeys === false ? null : new AlarmStateMemory(db, dialect, options.flushEveryMs ?? 60_000);
  }

  async apply(key: AlarmKey, rule: AlarmRule, samples: readonly Sample[]): Promise<RecordedEvent[]> {
    return this.applyBatch([{ key, rule, samples }]);
  }

  /**
   * Many keys' batches: the quiet ones (no alarm open before or after, no event) in memory, the
   * others on the one-key path, in transactions of up to 200 keys in the keys' order (two
   * evaluators on PostgreSQL lock rows in the same order, so neither waits on the other in a
   * circle).
   */
  async applyBatch(items: readonly KeyBatch[]): Promise<RecordedEvent[]> {
    const todo = items.filter((i) => i.samples.length > 0);
    const memory = this.memory;
    if (!memory) return this.applyOneByOne(todo);
    const recorded: RecordedEvent[] = [];
    for (const [clusterId, group] of groupByCluster(todo))
      recorded.push(...(await this.serially(clusterId, () => this.applyHeld(memory, clusterId, group))));
    return recorded;
  }

  /** Writes the quiet keys held in memory (when the evaluator stops). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.queues.values()]);
    await this.memory?.flush();
  }

  private async applyHeld(memory: AlarmStateMemory, clusterId: string, items: readonly KeyBatch[]): Promise<RecordedEvent[]> {
    const held = await memory.of(clusterId);
    const rest: KeyBatch[] = [];
    for (const item of items) {
      const s = held.get(keyOf(item.key));
      if (!s || s.alarmId !== null || s.noDataAlarmId !== null) {
        rest.push(item);
        continue;
      }
      const fresh = item.samples.every((x) => x.time > s.lastTime)
        ? item.samples
        : item.samples.filter((x) => x.time > s.lastTime);
      const newest = fresh[fresh.length - 1];
      if (!newest) continue;
      const { state, events } = evaluateSeries(item.rule, fresh, {
        ...INITIAL_STATE,
        hits: s.hits,
        misses: s.misses,
        missing: s.missing,
      });
      if (events.length > 0 || state.open !== null || state.noDataSince !== null) rest.push(item);
      else memory.hold(item.key, { ...s, lastTime: newest.time, hits: state.hits, misses: state.misses, missing: state.missing });
    }
    const recorded = await this.applyOneByOne(rest, memory);
    await memory.flushIfDue(clusterId);
    return recorded;
  }

  private async applyOneByOne(items: readonly KeyBatch[], memory?: AlarmStateMemory): Promise<RecordedEvent[]> {
    const todo = items.map((i) => ({ ...i, id: keyOf(i.key) })).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const recorded: RecordedEvent[] = [];
    for (let i = 0; i < todo.length; i += 200) {
      const slice = todo.slice(i, i + 200);
      const committed: { key: AlarmKey; state: HeldState }[] = [];
      await this.db.transaction().execute(async (trx) => {
        for (const item of slice) {
          // What memory holds of the key goes to its row first, so the row is where it left off.
          await memory?.writeIfDirty(trx, item.key);
          const applied = await this.applyIn(trx, item.key, item.rule, item.samples);
          recorded.push(...applied.recorded);
          committed.push({ key: item.key, state: applied.state });
        }
      });
      for (const c of committed) memory?.committed(c.key, c.state);
    }
    return recorded;
  }

  private serially<T>(clusterId: string, work: () => Promise<T>): Promise<T> {
    const before = this.queues.get(clusterId) ?? Promise.resolve();
    const next = before.catch(() => undefined).then(work);
    this.queues.set(clusterId, next);
    return next;
  }

  /** The newest sample applied per key of a cluster (keyed as keyOf). */
  async lastTimes(clusterId: string): Promise<Map<string, number>> {
    if (this.memory) {
      const held = await this.serially(clusterId, async () => this.memory?.of(clusterId));
      return new Map([...(held ?? [])].map(([k, s]) => [k, s.lastTime]));
    }
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
          this.memory?.forget([key]);
          // Their recovery notices, in this transaction like every other alarm change's.
          if (open.length > 0)
            await this.hooks.onApplied?.(trx, { key, events: [], openAlarmId: null, noDataAlarmId: null, time: at, ended: open });
        }
      });
    }
    return gone.length;
  }

  /** One key on its own: its row locked, its alarms read, the events and the new state written. */
  private async applyIn(
    trx: Transaction<Database>,
    key: AlarmKey,
    rule: AlarmRule,
    samples: readonly Sample[],
  ): Promise<{ recorded: RecordedEvent[]; state: HeldState }> {
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
    const stored: HeldState = {
      lastTime: Number(row.last_time),
      hits: row.hits,
      misses: row.misses,
      missing: row.missing,
      alarmId: row.alarm_id === null ? null : Number(row.alarm_id),
      noDataAlarmId: row.no_data_alarm_id === null ? null : Number(row.no_data_alarm_id),
    };
    const fresh = samples.filter((s) => s.time > stored.lastTime);
    const newest = fresh[fresh.length - 1];
    if (!newest) return { recorded: [], state: stored };
    const open = stored.alarmId === null ? undefined : await alarmRow(trx, stored.alarmId);
    const noData = stored.noDataAlarmId === null ? undefined : await alarmRow(trx, stored.noDataAlarmId);
    const before: AlarmState = {
      ...INITIAL_STATE,
      hits: stored.hits,
      misses: stored.misses,
      missing: stored.missing,
      open: open ? { severity: toSeverity(open.severity), since: Number(open.raised_at), value: Number(open.value) } : null,
      noDataSince: noData ? Number(noData.raised_at) : null,
    };
    const { state, events } = evaluateSeries(rule, fresh, before);
    const written = await writeEvents(trx, key, rule, events, stored);
    const next: HeldState = {
      lastTime: newest.time,
      hits: state.hits,
      misses: state.misses,
      missing: state.missing,
      alarmId: written.alarmId,
      noDataAlarmId: written.noDataAlarmId,
    };
    await trx
      .updateTable('alarm_states')
      .set({
        last_time: next.lastTime,
        hits: next.hits,
        misses: next.misses,
        missing: next.missing,
        alarm_id: next.alarmId,
        no_data_alarm_id: next.noDataAlarmId,
      })
      .where((eb) => keyIs(eb, key))
      .execute();
    await this.hooks.onApplied?.(trx, {
      key,
      events: written.recorded,
      openAlarmId: next.alarmId,
      noDataAlarmId: next.noDataAlarmId,
      time: next.lastTime,
    });
    return { recorded: written.recorded, state: next };
  }

  /** The alarms of a resource, newest first (open ones have no recovery time). */
  listAlarms(clusterId: string, resource?: string) {
    let q = this.db.selectFrom('alarms').selectAll().where('cluster_id', '=', clusterId);
    if (resource) q = q.where('resource', '=', resource);
    return q.orderBy('raised_at', 'desc').orderBy('id', 'desc').execute();
  }
}

/** One string per key, for sets and maps. */
export const keyOf = (k: AlarmKey): string => `${k.clusterId}\u0000${k.resource}\u0000${k.metric}\u0000${k.ruleKey}`;

const groupByCluster = (items: readonly KeyBatch[]): Map<string, KeyBatch[]> => {
  const m = new Map<string, KeyBatch[]>();
  for (const i of items) {
    const list = m.get(i.key.clusterId);
    if (list) list.push(i);
    else m.set(i.key.clusterId, [i]);
  }
  return m;
};

/** The state row of one (resource, metric, rule). */
const keyIs = (eb: ExpressionBuilder<Database, 'alarm_states'>, key: AlarmKey) =>
  eb.and([
    eb('cluster_id', '=', key.clusterId),
    eb('resource', '=', key.resource),
    eb('metric', '=', key.metric),
    eb('rule_key', '=', key.ruleKey),
  ]);
