import { sql, type Kysely } from 'kysely';
import { inColumnOrder, isPostgres, unnestRows } from '../../db/bulk-writes.js';
import type { Database } from '../../db/types.js';
import type { MetricRawRow } from '../../db/metric-tables.js';

/*
 * The embedded metric store (docs/metrics.md): raw samples in one table per UTC day, dropped whole
 * when older than the retention (no row-by-row delete on a table of millions); 5-minute rollups
 * made from raw days, 1-hour rollups from 5-minute ones, each bucket once (a watermark moved in
 * the same transaction as the rows it covers). The day tables' names are made here, from numbers
 * only, so the raw SQL below never carries input.
 */

const DAY = 86_400_000;
export const ROLLUPS = { '5m': 300_000, '1h': 3_600_000 } as const;
export type RollupLevel = keyof typeof ROLLUPS;

const dayOf = (ts: number) => Math.floor(ts / DAY);
const rawTable = (day: number): RawTableName => `metric_raw_${Math.trunc(day)}`;
const RAW_COLUMNS = [
  ['series_id', 'int4'],
  ['ts', 'int8'],
  ['value', 'float8'],
  ['raw', 'float8'],
] as const;

/** The raw day tables, for Kysely: their names are made at run time. */
type RawTableName = `metric_raw_${number}`;

/** Rows a statement: PostgreSQL takes them as four arrays (unnest), SQLite as VALUES of 4 parameters a row (at most 32,766). */
const PG_CHUNK = 20_000;
const SQLITE_CHUNK = 1_000;

export interface Sums {
  sum: number;
  count: number;
}
/** Sums by series id, then by bucket start. */
export type SeriesSums = Map<number, Map<number, Sums>>;

const add = (into: SeriesSums, id: number, t: number, sum: number, count: number) => {
  let m = into.get(id);
  if (!m) into.set(id, (m = new Map()));
  const cur = m.get(t);
  if (cur) {
    cur.sum += sum;
    cur.count += count;
  } else m.set(t, { sum, count });
};

export class MetricStore {
  private readonly days = new Set<number>();
  private readonly ids = new Map<string, number>();

  constructor(private readonly db: Kysely<Database>) {}

  /** The series id of (cluster, resource, metric), made on first use. */
  async seriesId(cluster: string, resource: string, metric: string): Promise<number> {
    const key = `${cluster}\u0000${resource}\u0000${metric}`;
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    const find = () =>
      this.db
        .selectFrom('metric_series')
        .select('id')
        .where('cluster_id', '=', cluster)
        .where('resource', '=', resource)
        .where('metric', '=', metric)
        .executeTakeFirst();
    let row = await find();
    if (!row) {
      await this.db
        .insertInto('metric_series')
        .values({ cluster_id: cluster, resource, metric })
        .onConflict((oc) => oc.columns(['cluster_id', 'resource', 'metric']).doNothing())
        .execute();
      row = await find();
    }
    if (!row) throw new Error(`metric series ${resource} ${metric} could not be made`);
    this.ids.set(key, row.id);
    return row.id;
  }

  /** The ids of the series that exist, by resource then metric (none are made). */
  async findSeries(cluster: string, resources: readonly string[], metrics: readonly string[]): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('metric_series')
      .select(['id', 'resource', 'metric'])
      .where('cluster_id', '=', cluster)
      .where('resource', 'in', [...resources])
      .where('metric', 'in', [...metrics])
      .execute();
    return new Map(rows.map((r) => [`${r.resource}\u0000${r.metric}`, r.id]));
  }

  private async ensureDay(day: number): Promise<void> {
    if (this.days.has(day)) return;
    const table = this.db.schema.createTable(rawTable(day)).ifNotExists();
    // SQLite keeps the rows in key order (series, time): a series' range is one sweep.
    await (isPostgres(this.db) ? table : table.modifyEnd(sql`without rowid`))
      .addColumn('series_id', 'integer', (c) => c.notNull())
      .addColumn('ts', 'bigint', (c) => c.notNull())
      .addColumn('value', 'double precision')
      .addColumn('raw', 'double precision')
      .addPrimaryKeyConstraint(`${rawTable(day)}_pk`, ['series_id', 'ts'])
      .execute();
    await this.db
      .insertInto('metric_partitions')
      .values({ day })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    this.days.add(day);
  }

  /** Writes one batch of samples (a scrape round), each into its day's table; a repeated sample is ignored. */
  async write(rows: readonly MetricRawRow[]): Promise<void> {
    const byDay = new Map<number, MetricRawRow[]>();
    for (const r of rows) {
      const d = dayOf(r.ts);
      const list = byDay.get(d);
      if (list) list.push(r);
      else byDay.set(d, [r]);
    }
    for (const day of byDay.keys()) await this.ensureDay(day);
    const postgres = isPostgres(this.db);
    const chunkSize = postgres ? PG_CHUNK : SQLITE_CHUNK;
    await this.db.transaction().execute(async (tx) => {
      const typed = tx.withTables<Record<RawTableName, MetricRawRow>>();
      for (const [day, list] of byDay)
        for (let i = 0; i < list.length; i += chunkSize) {
          const chunk = list.slice(i, i + chunkSize);
          const insert = typed.insertInto(rawTable(day));
          await (
            postgres
              ? insert.columns(RAW_COLUMNS.map(([c]) => c)).expression(unnestRows(RAW_COLUMNS, chunk))
              : insert.values(chunk.map((r) => inColumnOrder(RAW_COLUMNS, r)))
          )
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
    });
  }

  /** The raw days that exist, oldest first. */
  async partitions(): Promise<number[]> {
    const rows = await this.db.selectFrom('metric_partitions').select('day').orderBy('day').execute();
    return rows.map((r) => r.day);
  }

  async doneUntil(level: RollupLevel): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('metric_rollup_state')
      .select('done_until')
      .where('level', '=', level)
      .executeTakeFirst();
    return row?.done_until;
  }

  /**
   * Rolls up every bucket that ended before `closedBefore` and is not rolled up yet: 5-minute
   * buckets from raw samples, then hours from 5-minute buckets. Each level's rows and its watermark
   * go in one transaction, so a crash repeats a window or skips none.
   */
  async rollup(closedBefore: number): Promise<void> {
    const days = await this.partitions();
    if (days.length === 0) return;
    const first = (days[0] as number) * DAY;
    const end5 = Math.floor(closedBefore / ROLLUPS['5m']) * ROLLUPS['5m'];
    const from5 = (await this.doneUntil('5m')) ?? first;
    if (end5 > from5) {
      await this.db.transaction().execute(async (tx) => {
        for (const day of days) {
          if ((day + 1) * DAY <= from5 || day * DAY >= end5) continue;
          await sql`insert into metric_rollup_5m (series_id, ts, min, max, sum, count)
            select series_id, (ts / ${sql.lit(ROLLUPS['5m'])}) * ${sql.lit(ROLLUPS['5m'])}, min(value), max(value), sum(value), count(value)
            from ${sql.table(rawTable(day))}
            where ts >= ${from5} and ts < ${end5} and value is not null
            group by series_id, (ts / ${sql.lit(ROLLUPS['5m'])}) * ${sql.lit(ROLLUPS['5m'])}`.execute(tx);
        }
        await this.setDone(tx, '5m', end5);
      });
    }
    const end1 = Math.floor(Math.max(end5, from5) / ROLLUPS['1h']) * ROLLUPS['1h'];
    const from1 = (await this.doneUntil('1h')) ?? Math.floor(first / ROLLUPS['1h']) * ROLLUPS['1h'];
    if (end1 > from1) {
      await this.db.transaction().execute(async (tx) => {
        await sql`insert into metric_rollup_1h (series_id, ts, min, max, sum, count)
          select series_id, (ts / ${sql.lit(ROLLUPS['1h'])}) * ${sql.lit(ROLLUPS['1h'])}, min(min), max(max), sum(sum), sum(count)
          from metric_rollup_5m
          where ts >= ${from1} and ts < ${end1}
          group by series_id, (ts / ${sql.lit(ROLLUPS['1h'])}) * ${sql.lit(ROLLUPS['1h'])}`.execute(tx);
        await this.setDone(tx, '1h', end1);
      });
    }
  }

  private async setDone(tx: Kysely<Database>, level: RollupLevel, until: number): Promise<void> {
    await tx
      .insertInto('metric_rollup_state')
      .values({ level, done_until: until })
      .onConflict((oc) => oc.column('level').doUpdateSet({ done_until: until }))
      .execute();
  }

  /** Drops raw days that ended before `rawBefore` (whole tables) and rollup rows before `rollupBefore`. */
  async expire(rawBefore: number, rollupBefore: number): Promise<number[]> {
    const dropped: number[] = [];
    for (const day of await this.partitions()) {
      if ((day + 1) * DAY > rawBefore) continue;
      await this.db.schema.dropTable(rawTable(day)).ifExists().execute();
      await this.db.deleteFrom('metric_partitions').where('day', '=', day).execute();
      this.days.delete(day);
      dropped.push(day);
    }
    await this.db.deleteFrom('metric_rollup_5m').where('ts', '<', rollupBefore).execute();
    await this.db.deleteFrom('metric_rollup_1h').where('ts', '<', rollupBefore).execute();
    return dropped;
  }

  /** Sums and counts of raw values per step bucket, for [from, to). */
  async readRaw(ids: readonly number[], from: number, to: number, stepMs: number, into: SeriesSums): Promise<void> {
    if (ids.length === 0 || to <= from) return;
    const idList = sql.join(ids.map((id) => sql`${id}`));
    for (const day of await this.partitions()) {
      if ((day + 1) * DAY <= from || day * DAY >= to) continue;
      const { rows } = await sql<{ series_id: number; t: number; s: number; c: number }>`
        select series_id, (ts / ${sql.lit(Math.trunc(stepMs))}) * ${sql.lit(Math.trunc(stepMs))} as t, sum(value) as s, count(value) as c
        from ${sql.table(rawTable(day))}
        where series_id in (${idList}) and ts >= ${from} and ts < ${to} and value is not null
        group by series_id, (ts / ${sql.lit(Math.trunc(stepMs))}) * ${sql.lit(Math.trunc(stepMs))}`.execute(this.db);
      for (const r of rows) add(into, Number(r.series_id), Number(r.t), Number(r.s), Number(r.c));
    }
  }

  /** Sums and counts from a rollup per step bucket (a multiple of the rollup's), for [from, to). */
  async readRollup(
    level: RollupLevel,
    ids: readonly number[],
    from: number,
    to: number,
    stepMs: number,
    into: SeriesSums,
  ): Promise<void> {
    if (ids.length === 0 || to <= from) return;
    const table = level === '5m' ? 'metric_rollup_5m' : 'metric_rollup_1h';
    const rows = await this.db
      .selectFrom(table)
      .select((eb) => [
        'series_id',
        sql<number>`(ts / ${sql.lit(Math.trunc(stepMs))}) * ${sql.lit(Math.trunc(stepMs))}`.as('t'),
        eb.fn.sum<number>('sum').as('s'),
        eb.fn.sum<number>('count').as('c'),
      ])
      .where('series_id', 'in', [...ids])
      .where('ts', '>=', from)
      .where('ts', '<', to)
      .groupBy(['series_id', sql`(ts / ${sql.lit(Math.trunc(stepMs))}) * ${sql.lit(Math.trunc(stepMs))}`])
      .execute();
    for (const r of rows) add(into, Number(r.series_id), Number(r.t), Number(r.s), Number(r.c));
  }
}
