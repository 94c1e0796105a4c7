/*
 * The rollups' side of bench/reports. Until the server's rebuild and report functions exist:
 * usage_daily filled by one INSERT … SELECT … GROUP BY over the jobs (days in UTC), and the year's
 * report as a GROUP BY over the year's usage_daily rows.
 */
import { sql } from 'kysely';
import type { DbHandle } from '../../apps/server/src/db/database.js';
import { DIMENSIONS, type Dimension, type Report } from './measure.js';

export const rebuildRollups = async (h: DbHandle): Promise<void> => {
  const day =
    h.dialect === 'sqlite'
      ? sql`cast(strftime('%Y%m%d', end_at / 1000, 'unixepoch') as integer)`
      : sql`cast(to_char(to_timestamp(end_at / 1000.0) at time zone 'UTC', 'YYYYMMDD') as integer)`;
  await h.db.deleteFrom('usage_daily').execute();
  await sql`insert into usage_daily (day, cluster_id, user_name, account, queue, jobs, core_seconds, card_seconds)
    select ${day}, cluster_id, user_name, account, queue, count(*), sum(core_seconds), sum(card_seconds)
    from jobs group by 1, 2, 3, 4, 5`.execute(h.db);
  await sql`analyze`.execute(h.db);
};

export const rollupReport = async (h: DbHandle, by: Dimension, year: number): Promise<Report> => {
  const rows = await h.db
    .selectFrom('usage_daily')
    .select((eb) => [
      eb.ref(DIMENSIONS[by]).as('key'),
      eb.fn.sum('jobs').as('jobs'),
      eb.fn.sum('core_seconds').as('core'),
      eb.fn.sum('card_seconds').as('card'),
    ])
    .where('day', '>=', year * 10000 + 101)
    .where('day', '<=', year * 10000 + 1231)
    .groupBy(DIMENSIONS[by])
    .execute();
  return new Map(rows.map((r) => [r.key, { jobs: Number(r.jobs), coreSeconds: Number(r.core), cardSeconds: Number(r.card) }]));
};
