import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/types.js';
import { keyOf, type AlarmKey } from './alarm-states.repository.js';

/*
 * The engine's state of every key of a cluster, held in memory between rounds (bench/alarms): the
 * common key has no alarm open and a round that raises nothing, and for it the engine needs no
 * statement at all. Such a key's new state (the newest sample's time and its streaks) is only
 * marked dirty and written with the others in a few statements at most once a flush interval, and
 * when the evaluator stops. Every alarm change still writes the key's state in its own transaction
 * (the one-key path), so after a kill -9 the database holds each key's state as of its last alarm
 * change or flush: the evaluator's catch-up applies the source's samples since then again, from
 * that state, and reaches the same streaks (docs/alarms.md "Its memory").
 *
 * A flush writes a row only while it has no alarm open and its stored time is older, so it never
 * undoes what another evaluator wrote; each flush then reads the cluster again.
 */

export interface HeldState {
  lastTime: number;
  hits: number;
  misses: number;
  missing: number;
  alarmId: number | null;
  noDataAlarmId: number | null;
}

interface Entry extends HeldState {
  key: AlarmKey;
  dirty: boolean;
}

/** Rows per flush statement. */
const FLUSH_CHUNK = 2_000;

export class AlarmStateMemory {
  private readonly clusters = new Map<string, Map<string, Entry>>();
  /** When each cluster was last flushed (a cluster's rounds run one at a time; two clusters' may overlap). */
  private readonly flushedAt = new Map<string, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly flushEveryMs: number,
  ) {}

  /** A cluster's keys, read from the database the first time. */
  async of(clusterId: string): Promise<ReadonlyMap<string, HeldState>> {
    return this.entries(clusterId);
  }

  /** A quiet key's new state: kept here, written at the next flush. */
  hold(key: AlarmKey, state: HeldState): void {
    this.clusters.get(key.clusterId)?.set(keyOf(key), { ...state, key, dirty: true });
  }

  /** A key's state as just committed by the one-key path. */
  committed(key: AlarmKey, state: HeldState): void {
    this.clusters.get(key.clusterId)?.set(keyOf(key), { ...state, key, dirty: false });
  }

  /** Keys whose rows are gone (no rule covers them any more). */
  forget(keys: readonly AlarmKey[]): void {
    for (const k of keys) this.clusters.get(k.clusterId)?.delete(keyOf(k));
  }

  /** Writes a key's unwritten state in `trx`, before the one-key path reads its row. */
  async writeIfDirty(trx: Transaction<Database>, key: AlarmKey): Promise<void> {
    const e = this.clusters.get(key.clusterId)?.get(keyOf(key));
    if (e?.dirty) await this.write(trx, key.clusterId, [e]);
  }

  /** At the end of a cluster's round: its flush, once a flush interval. */
  async flushIfDue(clusterId: string): Promise<void> {
    const last = this.flushedAt.get(clusterId);
    if (last === undefined) this.flushedAt.set(clusterId, Date.now());
    else if (Date.now() - last >= this.flushEveryMs) await this.flush(clusterId);
  }

  /** Writes a cluster's dirty keys (every cluster's without one), then reads it again (what another evaluator changed). */
  async flush(only?: string): Promise<void> {
    for (const [clusterId, entries] of this.clusters) {
      if (only !== undefined && clusterId !== only) continue;
      this.flushedAt.set(clusterId, Date.now());
      const dirty = [...entries.values()].filter((e) => e.dirty);
      for (let i = 0; i < dirty.length; i += FLUSH_CHUNK) await this.write(this.db, clusterId, dirty.slice(i, i + FLUSH_CHUNK));
      this.clusters.set(clusterId, await this.read(clusterId));
    }
  }

  private async entries(clusterId: string): Promise<Map<string, Entry>> {
    let held = this.clusters.get(clusterId);
    if (!held) {
      held = await this.read(clusterId);
      this.clusters.set(clusterId, held);
    }
    return held;
  }

  private async read(clusterId: string): Promise<Map<string, Entry>> {
    const rows = await this.db.selectFrom('alarm_states').selectAll().where('cluster_id', '=', clusterId).execute();
    const held = new Map<string, Entry>();
    for (const r of rows) {
      const key = { clusterId, resource: r.resource, metric: r.metric, ruleKey: r.rule_key };
      held.set(keyOf(key), {
        key,
        lastTime: Number(r.last_time),
        hits: r.hits,
        misses: r.misses,
        missing: r.missing,
        alarmId: r.alarm_id === null ? null : Number(r.alarm_id),
        noDataAlarmId: r.no_data_alarm_id === null ? null : Number(r.no_data_alarm_id),
        dirty: false,
      });
    }
    return held;
  }

  /** One statement for many keys' states: the keys and states as arrays (PostgreSQL) or JSON (SQLite). */
  private async write(db: Kysely<Database>, clusterId: string, entries: readonly Entry[]): Promise<void> {
    if (entries.length === 0) return;
    if (this.dialect === 'postgres') {
      await sql`
        UPDATE alarm_states AS s
        SET last_time = k.last_time, hits = k.hits, misses = k.misses, missing = k.missing
        FROM unnest(
          ${entries.map((e) => e.key.resource)}::text[], ${entries.map((e) => e.key.metric)}::text[],
          ${entries.map((e) => e.key.ruleKey)}::text[], ${entries.map((e) => e.lastTime)}::bigint[],
          ${entries.map((e) => e.hits)}::int[], ${entries.map((e) => e.misses)}::int[], ${entries.map((e) => e.missing)}::int[]
        ) AS k(resource, metric, rule_key, last_time, hits, misses, missing)
        WHERE s.cluster_id = ${clusterId} AND s.resource = k.resource AND s.metric = k.metric AND s.rule_key = k.rule_key
          AND s.alarm_id IS NULL AND s.no_data_alarm_id IS NULL AND s.last_time < k.last_time`.execute(db);
    } else {
      const rows = JSON.stringify(
        entries.map((e) => [e.key.resource, e.key.metric, e.key.ruleKey, e.lastTime, e.hits, e.misses, e.missing]),
      );
      // Materialized, so SQLite walks the list and finds each row by its key (joined, it scans the table per entry).
      await sql`
        WITH k AS MATERIALIZED (
          SELECT value ->> 0 AS resource, value ->> 1 AS metric, value ->> 2 AS rule_key, value ->> 3 AS last_time,
            value ->> 4 AS hits, value ->> 5 AS misses, value ->> 6 AS missing
          FROM json_each(${rows})
        )
        UPDATE alarm_states AS s
        SET last_time = k.last_time, hits = k.hits, misses = k.misses, missing = k.missing
        FROM k
        WHERE s.cluster_id = ${clusterId} AND s.resource = k.resource AND s.metric = k.metric AND s.rule_key = k.rule_key
          AND s.alarm_id IS NULL AND s.no_data_alarm_id IS NULL AND s.last_time < k.last_time`.execute(db);
    }
  }
}
