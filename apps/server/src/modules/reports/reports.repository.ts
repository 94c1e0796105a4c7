import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { addDays } from '../../lib/zone-days.js';
import { whereUsage, type UsageWhere } from './usage-filter.js';

export type { UsageWhere } from './usage-filter.js';

/** A column usage is summed by: a report dimension stored on every row, or the day. */
export type SumColumn = 'user' | 'account' | 'queue' | 'cluster' | 'day';

const columns = { user: 'user_name', account: 'account', queue: 'queue', cluster: 'cluster_id', day: 'day' } as const;

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

const nextMonth = (m: number) => (m % 100 === 12 ? m + 89 : m + 1);
const previousMonth = (m: number) => (m % 100 === 1 ? m - 89 : m - 1);

/** The whole months (YYYYMM, inclusive) of a range of days, or null when it holds none. */
export const wholeMonths = (from: number, to: number): { first: number; last: number } | null => {
  const first = from % 100 === 1 ? Math.floor(from / 100) : nextMonth(Math.floor(from / 100));
  const last = addDays(to, 1) % 100 === 1 ? Math.floor(to / 100) : previousMonth(Math.floor(to / 100));
  return first <= last ? { first, last } : null;
};

const nonZero = (r: UsageSums) => r.jobs !== 0 || r.coreSeconds !== 0 || r.cardSeconds !== 0;

/**
 * Usage reports read the daily rollups (usage_daily): one row per day, cluster, user, account and
 * queue; and, for a report by user, account or queue filtered at most by cluster, the whole months
 * of its range from the monthly rollups (usage_monthly), the days at its ends from usage_daily.
 */
export class ReportsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async sums(w: UsageWhere, by: SumColumn): Promise<UsageSums[]> {
    if (w.accounts?.length === 0) return [];
    const months = this.monthsOf(w);
    if (!months || by === 'cluster' || by === 'day') return (await this.daily(w, by)).filter(nonZero);
    // The days before the first whole month and after the last, each its own index range (neither
    // for a range of whole months): a filter leaving the months out would still read their rows.
    const edges = [
      { from: w.from, to: months.first * 100 - 1 },
      { from: months.last * 100 + 100, to: w.to },
    ].filter((e) => e.from <= e.to);
    const parts = await Promise.all([...edges.map((e) => this.daily({ ...w, ...e }, by)), this.monthly(w, by, months)]);
    const added = new Map<string, UsageSums>();
    for (const r of parts.flat()) {
      const a = added.get(r.key);
      if (!a) added.set(r.key, { ...r });
      else {
        a.jobs += r.jobs;
        a.coreSeconds += r.coreSeconds;
        a.cardSeconds += r.cardSeconds;
      }
    }
    // Rows a corrected job emptied stay as zeros: they are no group.
    return [...added.values()].filter(nonZero);
  }

  /** The whole months a report may read from usage_monthly: only with no filter but the cluster. */
  private monthsOf(w: UsageWhere) {
    const filtered =
      w.userName !== undefined || w.accounts !== undefined || Boolean(w.user) || Boolean(w.account) || Boolean(w.queue);
    return filtered ? null : wholeMonths(w.from, w.to);
  }

  /** Sums over usage_daily for the days from w.from to w.to (YYYYMMDD numbers, inclusive). */
  private async daily(w: UsageWhere, by: SumColumn): Promise<UsageSums[]> {
    const column = columns[by];
    const q = this.db.selectFrom('usage_daily').where('day', '>=', w.from).where('day', '<=', w.to);
    const rows = await whereUsage(q, w)
      .select((eb) => [
        eb.ref(column).as('key'),
        eb.fn.sum<number>('jobs').as('jobs'),
        eb.fn.sum<number>('core_seconds').as('core'),
        eb.fn.sum<number>('card_seconds').as('card'),
      ])
      .groupBy(column)
      .execute();
    return rows.map(toSums);
  }

  /** Sums over usage_monthly for the months, by one dimension. */
  private async monthly(
    w: UsageWhere,
    by: 'user' | 'account' | 'queue',
    months: { first: number; last: number },
  ): Promise<UsageSums[]> {
    let q = this.db
      .selectFrom('usage_monthly')
      .where('dim', '=', by)
      .where('month', '>=', months.first)
      .where('month', '<=', months.last);
    if (w.clusterId) q = q.where('cluster_id', '=', w.clusterId);
    const rows = await q
      .select((eb) => [
        'key',
        eb.fn.sum<number>('jobs').as('jobs'),
        eb.fn.sum<number>('core_seconds').as('core'),
        eb.fn.sum<number>('card_seconds').as('card'),
      ])
      .groupBy('key')
      .execute();
    return rows.map(toSums);
  }
}
