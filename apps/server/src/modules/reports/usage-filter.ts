import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/types.js';

/** Which rows a report reads: whole days (YYYYMMDD, inclusive), the scope's limits and the filters. */
export interface UsageWhere {
  from: number;
  to: number;
  /** Scope mine: only this user's jobs. */
  userName?: string | undefined;
  /** Scope accounts: only jobs charged to these accounts (none: nothing). */
  accounts?: readonly string[] | undefined;
  clusterId?: string | undefined;
  user?: string | undefined;
  account?: string | undefined;
  queue?: string | undefined;
}

/** The tables that carry a job's user, account, queue and cluster (the rollups, the jobs, bill lines). */
type UsageTable = 'usage_daily' | 'jobs' | 'bill_lines';

/**
 * The scope's limits and the filters of a report (not its range), on any table with user_name,
 * account, queue and cluster_id columns: the one place reports, their reference, bills and report
 * files select the same rows.
 */
export const whereUsage = <T extends UsageTable, O>(
  q: SelectQueryBuilder<Database, T, O>,
  w: Omit<UsageWhere, 'from' | 'to'>,
): SelectQueryBuilder<Database, T, O> => {
  // The four columns exist on each of these tables; Kysely cannot see that through the union.
  let r = q as unknown as SelectQueryBuilder<Database, 'jobs', O>;
  if (w.userName !== undefined) r = r.where('user_name', '=', w.userName);
  // Scope accounts of a user who owns none: no rows (`in ()` is no SQL).
  if (w.accounts) r = w.accounts.length > 0 ? r.where('account', 'in', w.accounts) : r.where(sql<boolean>`1 = 0`);
  if (w.clusterId) r = r.where('cluster_id', '=', w.clusterId);
  if (w.user) r = r.where('user_name', '=', w.user);
  if (w.account) r = r.where('account', '=', w.account);
  if (w.queue) r = r.where('queue', '=', w.queue);
  return r as unknown as SelectQueryBuilder<Database, T, O>;
};
