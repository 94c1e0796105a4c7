/*
 * What bench/reports reads from the database: the year's report from the rollups and the same
 * numbers by a GROUP BY over the raw jobs table, and the tables' and indexes' sizes.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../apps/server/src/db/database.js';
import type { Database } from '../../apps/server/src/db/types.js';

export const DIMENSIONS = { user: 'user_name', queue: 'queue', account: 'account' } as const;
export type Dimension = keyof typeof DIMENSIONS;

export interface Figures {
  jobs: number;
  coreSeconds: number;
  cardSeconds: number;
}
export type Report = Map<string, Figures>;

const toReport = (rows: { key: string; jobs: unknown; core: unknown; card: unknown }[]): Report =>
  new Map(rows.map((r) => [r.key, { jobs: Number(r.jobs), coreSeconds: Number(r.core), cardSeconds: Number(r.card) }]));

/** The reference: every job that ended in [from, to) (epoch ms), grouped straight from the jobs table. */
export const rawReport = async (db: Kysely<Database>, by: Dimension, from: number, to: number): Promise<Report> =>
  toReport(
    await db
      .selectFrom('jobs')
      .select((eb) => [
        eb.ref(DIMENSIONS[by]).as('key'),
        eb.fn.countAll().as('jobs'),
        eb.fn.sum('core_seconds').as('core'),
        eb.fn.sum('card_seconds').as('card'),
      ])
      .where('end_at', '>=', from)
      .where('end_at', '<', to)
      .groupBy(DIMENSIONS[by])
      .execute(),
  );

/** Differences between two reports, at most `max` of them described. */
export const differences = (a: Report, b: Report, max = 5): string[] => {
  const out: string[] = [];
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(key);
    const y = b.get(key);
    if (!x || !y || x.jobs !== y.jobs || x.coreSeconds !== y.coreSeconds || x.cardSeconds !== y.cardSeconds)
      out.push(`${key}: ${JSON.stringify(x)} vs ${JSON.stringify(y)}`);
    if (out.length >= max) break;
  }
  return out;
};

export interface Size {
  name: string;
  bytes: number;
}

/** Bytes of each table and index (SQLite: dbstat; PostgreSQL: pg_relation_size). */
export const sizes = async (db: Kysely<Database>, dialect: Dialect, schema: string | undefined): Promise<Size[]> => {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ name: string; bytes: number }>`
      select name, sum(pgsize) as bytes from dbstat
      where name like 'jobs%' or name like 'usage_%' or name like 'sqlite_autoindex_jobs%' or name like 'sqlite_autoindex_usage%'
      group by name order by name`.execute(db);
    return rows.map((r) => ({ name: r.name, bytes: Number(r.bytes) }));
  }
  const { rows } = await sql<{ name: string; bytes: number }>`
    select c.relname as name, pg_relation_size(c.oid) as bytes from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema ?? 'public'} and c.relkind in ('r', 'i') and (c.relname like 'jobs%' or c.relname like 'usage_%')
    order by c.relname`.execute(db);
  return rows.map((r) => ({ name: r.name, bytes: Number(r.bytes) }));
};

export const count = async (db: Kysely<Database>, table: 'jobs' | 'usage_daily'): Promise<number> =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
