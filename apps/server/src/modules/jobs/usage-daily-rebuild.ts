import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/types.js';
import type { Logger } from '../../lib/logger.js';
import type { Clock } from '../../lib/time.js';
import type { ZoneDays } from '../../lib/zone-days.js';
import { applyDailyDeltas, DailySums } from './usage-daily.js';

/*
 * usage_daily counts days of one zone (usage_rollup_state). When that row is missing (the history
 * from before migration 0011) or names another zone than the configured one, the rollups are
 * recounted from the jobs table. Everything happens in one transaction, state row last: a server
 * killed half-way keeps the old rollups and state and recounts at its next start.
 */

/** Jobs read per query while recounting (by id, so memory holds one batch and the sums). */
const BATCH = 5000;

/** The zone usage_daily was counted in, or null when it never was. */
export const rollupZone = async (db: Kysely<Database>): Promise<string | null> =>
  (await db.selectFrom('usage_rollup_state').select('time_zone').where('id', '=', 1).executeTakeFirst())?.time_zone ?? null;

/** Recounts usage_daily and usage_monthly from the jobs table in the zone, in one transaction, and records the zone. */
export const rebuildDailyRollups = async (
  db: Kysely<Database>,
  dialect: Dialect,
  days: ZoneDays,
  now: number,
): Promise<{ jobs: number; rows: number }> => {
  const done = await db.transaction().execute(async (trx) => {
    // An ingest running meanwhile waits for the recount before it moves any row (PostgreSQL; SQLite has one writer).
    if (dialect === 'postgres') await sql`LOCK TABLE usage_daily, usage_monthly IN EXCLUSIVE MODE`.execute(trx);
    await trx.deleteFrom('usage_daily').execute();
    await trx.deleteFrom('usage_monthly').execute();
    const sums = new DailySums(days);
    let jobs = 0;
    for (let after = -1; ;) {
      const batch = await trx
        .selectFrom('jobs')
        .select(['id', 'cluster_id', 'user_name', 'account', 'queue', 'end_at', 'core_seconds', 'card_seconds'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      for (const j of batch) sums.add(j);
      jobs += batch.length;
      const last = batch.at(-1);
      if (!last || batch.length < BATCH) break;
      after = Number(last.id);
    }
    const rows = sums.sorted();
    // usage_daily, and usage_monthly from the same rows.
    await applyDailyDeltas(trx, rows);
    await trx
      .insertInto('usage_rollup_state')
      .values({ id: 1, time_zone: days.zone, rebuilt_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ time_zone: days.zone, rebuilt_at: now }))
      .execute();
    return { jobs, rows: rows.length };
  });
  // The planner's statistics of the refilled tables: without them PostgreSQL takes a year's 28,000
  // monthly rows for a handful and sorts them (in the text collation) instead of hashing them.
  await sql`analyze usage_daily`.execute(db);
  await sql`analyze usage_monthly`.execute(db);
  return done;
};

/** At start: recounts the rollups when they were never counted or were counted in another zone. */
export const ensureDailyRollups = async (
  db: Kysely<Database>,
  dialect: Dialect,
  days: ZoneDays,
  clock: Clock,
  log: Logger,
): Promise<void> => {
  const counted = await rollupZone(db);
  if (counted === days.zone) return;
  const started = Date.now();
  const done = await rebuildDailyRollups(db, dialect, days, clock.now());
  log.info(
    { from: counted, to: days.zone, jobs: done.jobs, rows: done.rows, ms: Date.now() - started },
    'usage reports: daily rollups recounted from the jobs',
  );
};
