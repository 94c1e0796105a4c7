import type { Kysely, Transaction } from 'kysely';
import { AlarmSeverity } from '@portal/shared';
import type { AlarmAggregateRulesTable } from '../../../db/alarm-aggregation-tables.js';
import type { Database } from '../../../db/types.js';
import { AGGREGATED_STATUS } from '../alarms.repository.js';
import { AGGREGATE_RULE_PREFIX, aggregateRuleKey, type OpenAlarm, type WantedAggregate } from './aggregate.js';

/* Aggregate rules' SQL (migration 0024) and the aggregated alarms they make (status 3). */

export type RuleRow = Omit<AlarmAggregateRulesTable, 'id'> & { id: number };
export type RuleColumns = Omit<AlarmAggregateRulesTable, 'id' | 'sort_order'>;

/** Open aggregated alarms of one rule: their rule keys start so. */
const ofRule = (ruleId: number) => `${AGGREGATE_RULE_PREFIX}${ruleId}:%`;

/** What a scan changed: aggregated alarms opened, all open after it (the opened too), recovered. */
export interface AggregateChanges {
  opened: number[];
  open: number[];
  recovered: number[];
}

export class AggregationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async rules(db: Kysely<Database> = this.db): Promise<RuleRow[]> {
    const rows = await db.selectFrom('alarm_aggregate_rules').selectAll().orderBy('sort_order').orderBy('id').execute();
    return rows.map((r) => ({ ...r, id: Number(r.id), updated_at: Number(r.updated_at) }));
  }

  async byName(name: string, db: Kysely<Database> = this.db): Promise<RuleRow | undefined> {
    return (await this.rules(db)).find((r) => r.name === name);
  }

  async insert(trx: Transaction<Database>, row: RuleColumns): Promise<number> {
    const last = await trx
      .selectFrom('alarm_aggregate_rules')
      .select((eb) => eb.fn.max('sort_order').as('n'))
      .executeTakeFirst();
    const r = await trx
      .insertInto('alarm_aggregate_rules')
      .values({ ...row, sort_order: Number(last?.n ?? 0) + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(r.id);
  }

  async update(trx: Transaction<Database>, id: number, row: Omit<RuleColumns, 'name'>): Promise<void> {
    await trx.updateTable('alarm_aggregate_rules').set(row).where('id', '=', id).execute();
  }

  async remove(trx: Transaction<Database>, ids: readonly number[]): Promise<void> {
    await trx.deleteFrom('alarm_aggregate_rules').where('id', 'in', ids).execute();
  }

  async setOrder(trx: Transaction<Database>, ids: readonly number[]): Promise<void> {
    for (const [i, id] of ids.entries())
      await trx
        .updateTable('alarm_aggregate_rules')
        .set({ sort_order: i + 1 })
        .where('id', '=', id)
        .execute();
  }

  /** The real-time aggregated alarms of each rule. */
  async openCounts(db: Kysely<Database> = this.db): Promise<Map<number, number>> {
    const rows = await db
      .selectFrom('alarms')
      .select('rule_key')
      .where('status', '=', AGGREGATED_STATUS)
      .where('recovered_at', 'is', null)
      .execute();
    const counts = new Map<number, number>();
    for (const r of rows) {
      const id = Number(r.rule_key.slice(AGGREGATE_RULE_PREFIX.length).split(':')[0]);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  }

  /**
   * Spec section 4: disabling or deleting a rule removes the real-time aggregated alarms it made
   * (their members shown again); the recovered ones stay in the history.
   */
  async removeOpen(trx: Transaction<Database>, ruleIds: readonly number[]): Promise<number> {
    let removed = 0;
    for (const ruleId of ruleIds) {
      const open = await trx
        .selectFrom('alarms')
        .select('id')
        .where('status', '=', AGGREGATED_STATUS)
        .where('recovered_at', 'is', null)
        .where('rule_key', 'like', ofRule(ruleId))
        .execute();
      const ids = open.map((o) => Number(o.id));
      if (ids.length === 0) continue;
      await trx.updateTable('alarms').set({ suppressed_by: null }).where('suppressed_by', 'in', ids).execute();
      await trx.deleteFrom('alarm_aggregate_members').where('aggregate_id', 'in', ids).execute();
      await trx.deleteFrom('alarms').where('id', 'in', ids).execute();
      removed += ids.length;
    }
    return removed;
  }

  /** The open ordinary threshold alarms, with the inventory's asset of each (of its cluster, else of none). */
  async openAlarms(trx: Transaction<Database>): Promise<OpenAlarm[]> {
    const rows = await trx
      .selectFrom('alarms as a')
      .leftJoin('assets as s', (j) =>
        j
          .onRef('s.name', '=', 'a.resource')
          .on((eb) => eb.or([eb('s.cluster_id', '=', eb.ref('a.cluster_id')), eb('s.cluster_id', '=', '')])),
      )
      .select([
        'a.id',
        'a.cluster_id',
        'a.resource',
        'a.metric',
        'a.severity',
        's.id as asset_id',
        's.type as asset_type',
        's.cluster_id as asset_cluster',
      ])
      .where('a.status', '<>', AGGREGATED_STATUS)
      .where('a.kind', '=', 'threshold')
      .where('a.recovered_at', 'is', null)
      .orderBy('a.id')
      .execute();
    const byId = new Map<number, OpenAlarm>();
    for (const r of rows) {
      const id = Number(r.id);
      const known = byId.get(id);
      // Of its cluster before of none, when both exist.
      if (known && (known.assetId === null || r.asset_cluster === '')) continue;
      const severity = AlarmSeverity.safeParse(r.severity);
      byId.set(id, {
        id,
        clusterId: r.cluster_id,
        resource: r.resource,
        metric: r.metric,
        severity: severity.success ? severity.data : 'warning',
        assetId: r.asset_id === null ? null : Number(r.asset_id),
        assetType: r.asset_type ?? null,
      });
    }
    return [...byId.values()];
  }

  /** The open aggregated alarms by rule key, with their current members. */
  async openAggregates(trx: Transaction<Database>): Promise<Map<string, { id: number; members: Set<number>; peak: string }>> {
    const rows = await trx
      .selectFrom('alarms as g')
      .leftJoin('alarm_aggregate_members as m', (j) => j.onRef('m.aggregate_id', '=', 'g.id').on('m.left_at', 'is', null))
      .select(['g.id', 'g.rule_key', 'g.peak_severity', 'm.alarm_id'])
      .where('g.status', '=', AGGREGATED_STATUS)
      .where('g.recovered_at', 'is', null)
      .execute();
    const open = new Map<string, { id: number; members: Set<number>; peak: string }>();
    for (const r of rows) {
      const g = open.get(r.rule_key) ?? { id: Number(r.id), members: new Set<number>(), peak: r.peak_severity };
      if (r.alarm_id !== null) g.members.add(Number(r.alarm_id));
      open.set(r.rule_key, g);
    }
    return open;
  }

  /**
   * Makes the open aggregated alarms what the scan wants: opens the new ones, moves members in and
   * out (each move kept), follows the severity, and recovers those no longer wanted.
   */
  async apply(
    trx: Transaction<Database>,
    wanted: readonly WantedAggregate[],
    suppressing: ReadonlySet<number>,
    /** The open alarms the scan read: a recovered aggregated alarm's value is how many of its members are still open. */
    openIds: ReadonlySet<number>,
    now: number,
    rank: (s: string) => number,
  ): Promise<AggregateChanges> {
    const open = await this.openAggregates(trx);
    const changes: AggregateChanges = { opened: [], open: [], recovered: [] };
    for (const w of wanted) {
      const key = aggregateRuleKey(w.ruleId, w.groupKey);
      const current = open.get(key);
      open.delete(key);
      let id: number;
      if (current) {
        id = current.id;
        await trx
          .updateTable('alarms')
          .set({
            severity: w.severity,
            peak_severity: rank(w.severity) > rank(current.peak) ? w.severity : current.peak,
            value: w.memberIds.length,
          })
          .where('id', '=', id)
          .execute();
      } else {
        const r = await trx
          .insertInto('alarms')
          .values({
            cluster_id: w.clusterId,
            resource: w.resource,
            metric: w.metric,
            rule_key: key,
            kind: 'aggregate',
            severity: w.severity,
            peak_severity: w.severity,
            value: w.memberIds.length,
            raised_at: now,
            recovered_at: null,
            recovery_value: null,
            status: AGGREGATED_STATUS,
            condition_op: null,
            // Spec section 4: an aggregated alarm's condition is its rule.
            threshold: String(w.ruleId),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = Number(r.id);
        changes.opened.push(id);
      }
      changes.open.push(id);
      const before = current?.members ?? new Set<number>();
      const joined = w.memberIds.filter((m) => !before.has(m));
      const left = [...before].filter((m) => !w.memberIds.includes(m));
      if (joined.length > 0) {
        // A member that left and comes back joins again: its earlier stay is kept as it was.
        await trx.deleteFrom('alarm_aggregate_members').where('aggregate_id', '=', id).where('alarm_id', 'in', joined).execute();
        await trx
          .insertInto('alarm_aggregate_members')
          .values(joined.map((alarm_id) => ({ aggregate_id: id, alarm_id, joined_at: now, left_at: null })))
          .execute();
      }
      if (left.length > 0) await this.leave(trx, id, left, now);
      if (suppressing.has(w.ruleId))
        await trx.updateTable('alarms').set({ suppressed_by: id }).where('id', 'in', w.memberIds).execute();
    }
    for (const g of open.values()) {
      await trx
        .updateTable('alarms')
        .set({ recovered_at: now, recovery_value: [...g.members].filter((m) => openIds.has(m)).length })
        .where('id', '=', g.id)
        .execute();
      if (g.members.size > 0) await this.leave(trx, g.id, [...g.members], now);
      changes.recovered.push(g.id);
    }
    return changes;
  }

  private async leave(trx: Transaction<Database>, aggregateId: number, alarmIds: readonly number[], now: number) {
    await trx
      .updateTable('alarm_aggregate_members')
      .set({ left_at: now })
      .where('aggregate_id', '=', aggregateId)
      .where('alarm_id', 'in', alarmIds)
      .where('left_at', 'is', null)
      .execute();
    await trx
      .updateTable('alarms')
      .set({ suppressed_by: null })
      .where('id', 'in', alarmIds)
      .where('suppressed_by', '=', aggregateId)
      .execute();
  }

  /** The members of an aggregated alarm, newest first, and whether each has left it. */
  async members(aggregateId: number): Promise<{ alarmId: number; left: boolean }[]> {
    const rows = await this.db
      .selectFrom('alarm_aggregate_members')
      .select(['alarm_id', 'left_at'])
      .where('aggregate_id', '=', aggregateId)
      .orderBy('joined_at', 'desc')
      .orderBy('alarm_id', 'desc')
      .execute();
    return rows.map((r) => ({ alarmId: Number(r.alarm_id), left: r.left_at !== null }));
  }

  /** Whether the alarm is an aggregated one. */
  async isAggregate(id: number): Promise<boolean> {
    const r = await this.db.selectFrom('alarms').select('status').where('id', '=', id).executeTakeFirst();
    return Number(r?.status) === AGGREGATED_STATUS;
  }
}
