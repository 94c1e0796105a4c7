import type { BillDetail, BillStatistics, BillStatisticsRow, ReportScope } from '@portal/shared';
import type { Auth } from '../../lib/auth.js';
import { addDays, dayText, type ZoneDays } from '../../lib/zone-days.js';
import { scopedWhere, type ReportFilter } from '../reports/index.js';
import * as err from './bill-errors.js';
import { storedLine } from './bill-items.js';
import type { BillPricing, Group } from './bill-pricing.js';
import { add, nextMonth, totalsOf, zero } from './bill-sums.js';
import { visibleAccounts, type BillAccounts, type BillingConfig, type Paging } from './bills-context.js';
import type { BillsRepository } from './bills.repository.js';
import { toCents } from './money.js';

/** Today's reckoning of a range: per job, or summed from the daily rollups; and an issued bill's stored lines. */
export class BillReckoningService {
  constructor(
    private readonly repo: BillsRepository,
    private readonly days: ZoneDays,
    private readonly accounts: BillAccounts,
    private readonly billing: BillingConfig,
    private readonly pricing: BillPricing,
  ) {}

  async statistics(auth: Auth, q: ReportFilter & Paging & { groupBy: Group }): Promise<BillStatistics> {
    const where = await scopedWhere(auth, q, (id) => this.accounts.ownedAccountNames(id), 'bills:readAll');
    const groups = await this.pricing.priced(where, q.groupBy);
    const total = zero();
    for (const s of groups.values()) add(total, s);
    const rows = [...groups.entries()]
      .filter(([, s]) => s.jobs !== 0 || s.coreSeconds !== 0 || s.cardSeconds !== 0)
      .sort(([ka, a], [kb, b]) =>
        a.numerator > b.numerator ? -1 : a.numerator < b.numerator ? 1 : ka < kb ? -1 : ka > kb ? 1 : 0,
      );
    const list: BillStatisticsRow[] = rows
      .slice(q.pageStart, q.pageStart + q.pageLimit)
      .map(([key, s]) => ({ key, ...totalsOf(s) }));
    return {
      currency: this.billing.currency,
      timeZone: this.days.zone,
      from: q.from,
      to: q.to,
      total: rows.length,
      list,
      totals: totalsOf(total),
    };
  }

  async detail(auth: Auth, q: ReportFilter & Paging & { billId?: number | undefined }): Promise<BillDetail> {
    if (q.billId !== undefined) return this.billDetail(auth, q.billId, q);
    const where = await scopedWhere(auth, q, (id) => this.accounts.ownedAccountNames(id), 'bills:readAll');
    const page = await this.repo.usage.jobsPage(where, this.days.startOf(where.from), this.days.startOf(addDays(where.to, 1)), {
      offset: q.pageStart,
      limit: q.pageLimit,
    });
    const pricing = await this.pricing.load();
    // The totals come from the rollups: the same jobs, summed by the keys prices depend on.
    const total = zero();
    for (const s of (await this.pricing.priced(where, 'cluster', pricing)).values()) add(total, s);
    return {
      currency: this.billing.currency,
      timeZone: this.days.zone,
      from: q.from,
      to: q.to,
      total: page.total,
      list: page.rows.map((j) => this.pricing.line(j, this.pricing.ofJob(j, pricing)).line),
      totals: totalsOf(total),
    };
  }

  private async billDetail(auth: Auth, billId: number, q: { scope: ReportScope } & Paging): Promise<BillDetail> {
    const bill = await this.repo.bills.findBill(billId);
    if (!bill) throw err.billNotFound();
    const visible = await visibleAccounts(this.accounts, auth, q.scope === 'all' ? 'all' : 'accounts');
    const mine = q.scope === 'mine' ? { userName: auth.user.userName } : {};
    if (q.scope !== 'mine' && visible && !visible.includes(bill.account_name)) throw err.notYourAccount(bill.account_name);
    const r = await this.repo.bills.billLines(billId, mine, { offset: q.pageStart, limit: q.pageLimit });
    const first = Number(bill.period) * 100 + 1;
    return {
      currency: bill.currency,
      timeZone: this.days.zone,
      from: dayText(first),
      to: dayText(addDays(nextMonth(Number(bill.period)) * 100 + 1, -1)),
      total: r.lines.total,
      list: r.lines.rows.map(storedLine),
      totals: { jobs: r.jobs, coreSeconds: r.coreSeconds, cardSeconds: r.cardSeconds, amountCents: toCents(r.numerator) },
    };
  }
}
