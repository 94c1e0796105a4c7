import { sql, type Kysely } from 'kysely';
import { readPage, type PageOf, type PageRequest } from '../../db/paging.js';
import type { BillLineRow, BillRow, Database } from '../../db/types.js';
import { whereUsage, type UsageWhere } from '../reports/index.js';
import { big } from './money.js';

export type NewBill = Omit<BillRow, 'id'>;
export type NewBillLine = Omit<BillLineRow, 'id' | 'bill_id'>;

/** Issued monthly bills and their stored lines. */
export class IssuedBillsRepository {
  constructor(private readonly db: Kysely<Database>) {}

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
    const q = whereUsage(this.db.selectFrom('bill_lines').where('bill_id', '=', billId), w);
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
}
