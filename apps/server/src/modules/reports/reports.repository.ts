import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** A column usage is summed by: a report dimension stored on every row, or the day. */
export type SumColumn = 'user' | 'account' | 'queue' | 'cluster' | 'day';

const columns = { user: 'user_name', account: 'account', queue: 'queue', cluster: 'cluster_id', day: 'day' } as const;

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

/** Sums of one group; key is the column's value (a day as YYYYMMDD text). */
export interface UsageSums {
  key: string;
  jobs: number;
  coreSeconds: number;
  cardSeconds: number;
}

type Figures = { key: string | number; jobs: unknown; core: unknown; card: unknown };
export const toSums = (r: Figures): UsageSums => ({
  key: String(r.key),
  jobs: Number(r.jobs),
  coreSeconds: Number(r.core),
  cardSeconds: Number(r.card),
});

/** Usage reports read the daily rollups (usage_daily): one row per day, cluster, user, account and queue. */
export class ReportsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async sums(w: UsageWhere, by: SumColumn): Promise<UsageSums[]> {
    if (w.accounts?.length === 0) return [];
    const column = columns[by];
    let q = this.db.selectFrom('usage_daily').where('day', '>=', w.from).where('day', '<=', w.to);
    if (w.userName !== undefined) q = q.where('user_name', '=', w.userName);
    if (w.accounts) q = q.where('account', 'in', w.accounts);
    if (w.clusterId) q = q.where('cluster_id', '=', w.clusterId);
    if (w.user) q = q.where('user_name', '=', w.user);
    if (w.account) q = q.where('account', '=', w.account);
    if (w.queue) q = q.where('queue', '=', w.queue);
    const rows = await q
      .select((eb) => [
        eb.ref(column).as('key'),
        eb.fn.sum<number>('jobs').as('jobs'),
        eb.fn.sum<number>('core_seconds').as('core'),
        eb.fn.sum<number>('card_seconds').as('card'),
      ])
      .groupBy(column)
      .execute();
    // Rows a corrected job emptied stay as zeros: they are no group.
    return rows.map(toSums).filter((r) => r.jobs !== 0 || r.coreSeconds !== 0 || r.cardSeconds !== 0);
  }
}
