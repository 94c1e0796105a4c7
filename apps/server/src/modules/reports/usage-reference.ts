import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { addDays, type ZoneDays } from '../../lib/zone-days.js';
import { toSums, type SumColumn, type UsageSums } from './reports.repository.js';
import { whereUsage, type UsageWhere } from './usage-filter.js';

const columns = { user: 'user_name', account: 'account', queue: 'queue', cluster: 'cluster_id' } as const;

/**
 * The raw jobs a report's range, scope and filters select: those that ended from the zone's start
 * of `from` up to (not including) its start of the day after `to`.
 */
export const jobsWhere = (db: Kysely<Database>, days: ZoneDays, w: UsageWhere) =>
  whereUsage(
    db
      .selectFrom('jobs')
      .where('end_at', '>=', days.startOf(w.from))
      .where('end_at', '<', days.startOf(addDays(w.to, 1))),
    w,
  );

/**
 * The reference the rollups must equal: the same sums with a GROUP BY over the raw jobs table,
 * the jobs of jobsWhere. Slow on a long history; golden tests and the bench compare the rollups with it.
 */
export const referenceSums = async (
  db: Kysely<Database>,
  days: ZoneDays,
  w: UsageWhere,
  by: Exclude<SumColumn, 'day'>,
): Promise<UsageSums[]> => {
  if (w.accounts?.length === 0) return [];
  const column = columns[by];
  const rows = await jobsWhere(db, days, w)
    .select((eb) => [
      eb.ref(column).as('key'),
      eb.fn.countAll<number>().as('jobs'),
      eb.fn.sum<number>('core_seconds').as('core'),
      eb.fn.sum<number>('card_seconds').as('card'),
    ])
    .groupBy(column)
    .execute();
  return rows.map(toSums);
};
