/* What bench/reports measures besides the reports: row counts, and the bytes of tables and indexes. */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../apps/server/src/db/database.js';
import type { Database } from '../../apps/server/src/db/types.js';

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

export const count = async (db: Kysely<Database>, table: 'jobs' | 'usage_daily' | 'usage_monthly'): Promise<number> =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The newest stored job: the largest row id and end time (new jobs for an ingest come after both). */
export const newest = async (db: Kysely<Database>): Promise<{ id: number; endAt: number }> => {
  const r = await db
    .selectFrom('jobs')
    .select((eb) => [eb.fn.max('id').as('id'), eb.fn.max('end_at').as('endAt')])
    .executeTakeFirstOrThrow();
  return { id: Number(r.id), endAt: Number(r.endAt) };
};
