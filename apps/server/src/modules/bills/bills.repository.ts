import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { containsIgnoreCase } from '../../db/like.js';
import { readPage, type PageOf, type PageRequest } from '../../db/paging.js';
import type { BillLineRow, BillRow, Database, LedgerRow, PriceRow } from '../../db/types.js';
import type { UsageWhere } from '../reports/index.js';
import { big } from './money.js';

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

export type NewBill = Omit<BillRow, 'id'>;
export type NewBillLine = Omit<BillLineRow, 'id' | 'bill_id'>;

type Filterable = 'usage_daily' | 'jobs' | 'bill_lines';

/** The scope's limits and the filters, on any table with user_name, account, queue and cluster_id columns. */
const filtered = <T extends Filterable, O>(
  q: SelectQueryBuilder<Database, T, O>,
  w: Omit<UsageWhere, 'from' | 'to'>,
): SelectQueryBuilder<Database, T, O> => {
  // The four columns exist on each of these tables; Kysely cannot see that through the union.
  let r = q as unknown as SelectQueryBuilder<Database, 'jobs', O>;
  if (w.userName !== undefined) r = r.where('user_name', '=', w.userName);
  if (w.accounts) r = r.where('account', 'in', w.accounts);
  if (w.clusterId) r = r.where('cluster_id', '=', w.clusterId);
  if (w.user) r = r.where('user_name', '=', w.user);
  if (w.account) r = r.where('account', '=', w.account);
  if (w.queue) r = r.where('queue', '=', w.queue);
  return r as unknown as SelectQueryBuilder<Database, T, O>;
};

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

/** Prices, account classes, the rollups and jobs as bills read them, issued bills and the ledger. */
export class BillsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  allPrices(): Promise<PriceRow[]> {
    return this.db.selectFrom('prices').selectAll().execute();
  }

  listPrices(
    f: { clusterId?: string | undefined; queue?: string | undefined; accountClass?: string | undefined },
    page: PageRequest,
  ) {
    let q = this.db.selectFrom('prices');
    if (f.clusterId) q = q.where('cluster_id', '=', f.clusterId);
    if (f.queue) q = q.where('queue', '=', f.queue);
    if (f.accountClass) q = q.where('account_class', '=', f.accountClass);
    return readPage(q, page, (s) =>
      s.selectAll().orderBy('cluster_id').orderBy('queue').orderBy('account_class').orderBy('effective_from', 'desc'),
    );
  }

  findPrice(id: number): Promise<PriceRow | undefined> {
    return this.db.selectFrom('prices').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertPrice(row: Omit<PriceRow, 'id'>): Promise<PriceRow> {
    return this.db.insertInto('prices').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async deletePrice(id: number): Promise<void> {
    await this.db.deleteFrom('prices').where('id', '=', id).execute();
  }

  /** Every account's class ('' for an account never given one). */
  async classes(): Promise<Map<string, string>> {
    const rows = await this.db.selectFrom('billing_accounts').select(['account_name', 'account_class']).execute();
    return new Map(rows.map((r) => [r.account_name, r.account_class]));
  }

  async setClass(accountName: string, accountClass: string, now: number): Promise<void> {
    await this.db
      .insertInto('billing_accounts')
      .values({ account_name: accountName, account_class: accountClass, updated_at: now })
      .onConflict((oc) => oc.column('account_name').doUpdateSet({ account_class: accountClass, updated_at: now }))
      .execute();
  }

  /** usage_daily rows in the range, summed by what a price depends on (and the user when asked). */
  async usage(w: UsageWhere, withUser: boolean): Promise<PricedUsage[]> {
    if (w.accounts?.length === 0) return [];
    const keys = ['day', 'cluster_id', 'account', 'queue', ...(withUser ? (['user_name'] as const) : [])] as const;
    const q = filtered(this.db.selectFrom('usage_daily').where('day', '>=', w.from).where('day', '<=', w.to), w);
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
    const q = filtered(this.db.selectFrom('jobs').where('end_at', '>=', fromMs).where('end_at', '<', toMs), w);
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

  // Bills.

  findBill(id: number): Promise<BillRow | undefined> {
    return this.db.selectFrom('bills').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The issued (current) bills of a month. */
  issuedOf(period: number): Promise<BillRow[]> {
    return this.db.selectFrom('bills').selectAll().where('period', '=', period).where('state', '=', 'issued').execute();
  }

  /** The latest month any bill was issued for (YYYYMM), or null. */
  async lastIssuedPeriod(): Promise<number | null> {
    const r = await this.db
      .selectFrom('bills')
      .select((eb) => eb.fn.max('period').as('p'))
      .executeTakeFirst();
    return r?.p === null || r?.p === undefined ? null : Number(r.p);
  }

  /** Stores a bill and its lines; `replaces`: the bill it supersedes. One transaction. */
  async saveBill(bill: NewBill, lines: readonly NewBillLine[], replaces?: number): Promise<BillRow> {
    return this.db.transaction().execute(async (trx) => {
      const saved = await trx.insertInto('bills').values(bill).returningAll().executeTakeFirstOrThrow();
      const id = Number(saved.id);
      for (let i = 0; i < lines.length; i += 200)
        await trx
          .insertInto('bill_lines')
          .values(lines.slice(i, i + 200).map((l) => ({ ...l, bill_id: id })))
          .execute();
      if (replaces !== undefined)
        await trx.updateTable('bills').set({ state: 'superseded', superseded_by: id }).where('id', '=', replaces).execute();
      return saved;
    });
  }

  listBills(
    f: {
      accounts?: readonly string[] | undefined;
      period?: number | undefined;
      account?: string | undefined;
      state?: string | undefined;
    },
    page: PageRequest,
  ): Promise<PageOf<BillRow>> {
    if (f.accounts?.length === 0) return Promise.resolve({ total: 0, rows: [] });
    let q = this.db.selectFrom('bills');
    if (f.accounts) q = q.where('account_name', 'in', f.accounts);
    if (f.period) q = q.where('period', '=', f.period);
    if (f.account) q = q.where('account_name', '=', f.account);
    if (f.state === 'issued' || f.state === 'superseded') q = q.where('state', '=', f.state);
    return readPage(q, page, (s) => s.selectAll().orderBy('period', 'desc').orderBy('account_name').orderBy('version', 'desc'));
  }

  /** A bill's stored lines (only the user's, when given), newest end first, and their sums. */
  async billLines(billId: number, w: Omit<UsageWhere, 'from' | 'to'>, page: PageRequest) {
    const q = filtered(this.db.selectFrom('bill_lines').where('bill_id', '=', billId), w);
    const [lines, sums] = await Promise.all([
      readPage(q, page, (s) => s.selectAll().orderBy('end_at', 'desc').orderBy('id', 'desc')),
      q
        .select((eb) => [
          eb.fn.countAll<number>().as('jobs'),
          eb.fn.sum<number>('core_seconds').as('core'),
          eb.fn.sum<number>('card_seconds').as('card'),
          sql<string | null>`cast(sum(numerator) as text)`.as('numerator'),
        ])
        .executeTakeFirst(),
    ]);
    return {
      lines,
      jobs: Number(sums?.jobs ?? 0),
      coreSeconds: Number(sums?.core ?? 0),
      cardSeconds: Number(sums?.card ?? 0),
      numerator: big(sums?.numerator),
    };
  }

  /** Each account's latest issued month (YYYYMM). */
  async lastBilled(accounts: readonly string[]): Promise<Map<string, number>> {
    if (accounts.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('bills')
      .select((eb) => ['account_name', eb.fn.max('period').as('p')])
      .where('account_name', 'in', accounts)
      .groupBy('account_name')
      .execute();
    return new Map(rows.map((r) => [r.account_name, Number(r.p)]));
  }

  // Accounts and the ledger.

  /** Portal accounts with their owner's name: these names (undefined: all), filtered by a part of the name. */
  accountsPage(names: readonly string[] | undefined, nameLike: string | undefined, page: PageRequest) {
    if (names?.length === 0) return Promise.resolve({ total: 0, rows: [] as { name: string; owner: string }[] });
    let q = this.db.selectFrom('accounts').innerJoin('users', 'users.id', 'accounts.owner_user_id');
    if (names) q = q.where('accounts.name', 'in', names);
    if (nameLike) q = q.where(containsIgnoreCase('accounts.name', nameLike));
    return readPage(q, page, (s) => s.select(['accounts.name as name', 'users.user_name as owner']).orderBy('accounts.name'));
  }

  findAccount(name: string): Promise<{ name: string; owner: string } | undefined> {
    return this.db
      .selectFrom('accounts')
      .innerJoin('users', 'users.id', 'accounts.owner_user_id')
      .select(['accounts.name as name', 'users.user_name as owner'])
      .where('accounts.name', '=', name)
      .executeTakeFirst();
  }

  /** Σ ledger numerators per account. */
  async balances(accounts: readonly string[]): Promise<Map<string, bigint>> {
    if (accounts.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('ledger')
      .select(['account_name', sql<string | null>`cast(sum(numerator) as text)`.as('n')])
      .where('account_name', 'in', accounts)
      .groupBy('account_name')
      .execute();
    return new Map(rows.map((r) => [r.account_name, big(r.n)]));
  }

  async addLedger(row: Omit<LedgerRow, 'id'>): Promise<void> {
    await this.db.insertInto('ledger').values(row).execute();
  }

  ledgerPage(account: string, page: PageRequest): Promise<PageOf<LedgerRow>> {
    return readPage(this.db.selectFrom('ledger').where('account_name', '=', account), page, (s) =>
      s.selectAll().orderBy('at', 'desc').orderBy('id', 'desc'),
    );
  }
}
