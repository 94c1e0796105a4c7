import type { Kysely } from 'kysely';
import { readPage, type PageOf, type PageRequest } from '../../db/paging.js';
import type { Database } from '../../db/types.js';
import { whereUsage, type UsageWhere } from '../reports/index.js';

/** A usage_daily row as bills price it (the day and the keys a price depends on, and one grouping column). */
export interface PricedUsage {
  day: number;
  cluster_id: string;
  account: string;
  queue: string;
  user_name: string;
  jobs: number;
  core_seconds: number;
  card_seconds: number;
}

/** A finished job as a bill line reads it. */
export interface JobForBill {
  cluster_id: string;
  job_id: string;
  submit_at: number;
  name: string;
  user_name: string;
  account: string;
  queue: string;
  end_at: number;
  cpus: number;
  gpus: number;
  elapsed_s: number;
  core_seconds: number;
  card_seconds: number;
}

const jobColumns = [
  'cluster_id',
  'job_id',
  'submit_at',
  'name',
  'user_name',
  'account',
  'queue',
  'end_at',
  'cpus',
  'gpus',
  'elapsed_s',
  'core_seconds',
  'card_seconds',
] as const;

/** The rollups and the finished jobs as bills read them. */
export class BilledUsageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** usage_daily rows in the range, summed by what a price depends on (and the user when asked). */
  async usage(w: UsageWhere, withUser: boolean): Promise<PricedUsage[]> {
    if (w.accounts?.length === 0) return [];
    const keys = ['day', 'cluster_id', 'account', 'queue', ...(withUser ? (['user_name'] as const) : [])] as const;
    const q = whereUsage(this.db.selectFrom('usage_daily').where('day', '>=', w.from).where('day', '<=', w.to), w);
    const rows = await q
      .select((eb) => [
        ...keys,
        eb.fn.sum<number>('jobs').as('jobs'),
        eb.fn.sum<number>('core_seconds').as('core_seconds'),
        eb.fn.sum<number>('card_seconds').as('card_seconds'),
      ])
      .groupBy([...keys])
      .execute();
    return rows.map((r) => ({
      day: Number(r.day),
      cluster_id: r.cluster_id,
      account: r.account,
      queue: r.queue,
      user_name: 'user_name' in r ? String(r.user_name) : '',
      jobs: Number(r.jobs),
      core_seconds: Number(r.core_seconds),
      card_seconds: Number(r.card_seconds),
    }));
  }

  /** Finished jobs that ended in [fromMs, toMs), newest end first, one page. */
  jobsPage(w: UsageWhere, fromMs: number, toMs: number, page: PageRequest): Promise<PageOf<JobForBill>> {
    const q = whereUsage(this.db.selectFrom('jobs').where('end_at', '>=', fromMs).where('end_at', '<', toMs), w);
    if (w.accounts?.length === 0) return Promise.resolve({ total: 0, rows: [] });
    return readPage(q, page, (s) =>
      s
        .select([...jobColumns])
        .orderBy('end_at', 'desc')
        .orderBy('id', 'desc'),
    );
  }

  /** Every finished job of an account that ended in [fromMs, toMs), oldest first. */
  accountJobs(account: string, fromMs: number, toMs: number): Promise<JobForBill[]> {
    return this.db
      .selectFrom('jobs')
      .select([...jobColumns])
      .where('account', '=', account)
      .where('end_at', '>=', fromMs)
      .where('end_at', '<', toMs)
      .orderBy('end_at')
      .orderBy('id')
      .execute();
  }

  /** Accounts (not '') with usage in the days of a month. */
  async accountsWithUsage(fromDay: number, toDay: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('usage_daily')
      .select('account')
      .distinct()
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      .where('account', '!=', '')
      .where((eb) => eb.or([eb('core_seconds', '!=', 0), eb('card_seconds', '!=', 0), eb('jobs', '!=', 0)]))
      .orderBy('account')
      .execute();
    return rows.map((r) => r.account);
  }
}
