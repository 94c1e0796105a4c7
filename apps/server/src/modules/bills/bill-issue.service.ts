import type { BillItem, ReportScope } from '@portal/shared';
import type { Auth } from '../../lib/auth.js';
import type { Clock } from '../../lib/time.js';
import { addDays, type ZoneDays } from '../../lib/zone-days.js';
import * as err from './bill-errors.js';
import { billItem } from './bill-items.js';
import type { BillPricing } from './bill-pricing.js';
import { add, monthNumber, monthText, nextMonth, zero } from './bill-sums.js';
import { visibleAccounts, type BillAccounts, type BillingConfig, type Paging } from './bills-context.js';
import type { BillsRepository } from './bills.repository.js';
import { big, toCents } from './money.js';

/** Monthly bills: issued once a month has ended, reissued as a new version that supersedes the old. */
export class BillIssueService {
  constructor(
    private readonly repo: BillsRepository,
    private readonly days: ZoneDays,
    private readonly accounts: BillAccounts,
    private readonly clock: Clock,
    private readonly billing: BillingConfig,
    private readonly pricing: BillPricing,
  ) {}

  async listBills(
    auth: Auth,
    q: Paging & { scope: ReportScope; period?: string | undefined; account?: string | undefined; state?: string | undefined },
  ) {
    const accounts = await visibleAccounts(this.accounts, auth, q.scope);
    const page = await this.repo.bills.listBills(
      { accounts, period: q.period ? monthNumber(q.period) : undefined, account: q.account, state: q.state },
      { offset: q.pageStart, limit: q.pageLimit },
    );
    return { total: page.total, list: page.rows.map(billItem) };
  }

  async issue(auth: Auth, period: string, accountName: string | undefined): Promise<BillItem[]> {
    const ym = this.endedMonth(period);
    const issued = new Map((await this.repo.bills.issuedOf(ym)).map((b) => [b.account_name, b]));
    let targets: string[];
    if (accountName) {
      const existing = issued.get(accountName);
      if (existing) throw err.billExists(accountName, period, Number(existing.id));
      if (!(await this.repo.accounts.findAccount(accountName))) throw err.accountNotFound(accountName);
      targets = [accountName];
    } else {
      const used = await this.repo.usage.accountsWithUsage(ym * 100 + 1, addDays(nextMonth(ym) * 100 + 1, -1));
      targets = used.filter((a) => !issued.has(a));
    }
    const out: BillItem[] = [];
    for (const account of targets) out.push(billItem(await this.makeBill(auth, ym, account, 1, '')));
    return out;
  }

  async reissue(auth: Auth, billId: number, remark: string): Promise<BillItem> {
    const old = await this.repo.bills.findBill(billId);
    if (!old) throw err.billNotFound();
    if (old.state !== 'issued')
      throw err.billExists(old.account_name, monthText(Number(old.period)), Number(old.superseded_by ?? old.id));
    const bill = await this.makeBill(auth, Number(old.period), old.account_name, Number(old.version) + 1, remark, Number(old.id));
    return billItem(bill);
  }

  /** A month (YYYYMM) that has ended in the report zone, or the refusal. */
  private endedMonth(period: string): number {
    const ym = monthNumber(period);
    const today = this.days.dayOf(this.clock.now());
    if (ym >= Math.floor(today / 100)) throw err.periodOpen(period);
    return ym;
  }

  /** Prices every job of the account that ended in the month with today's prices and class, and stores the bill. */
  private async makeBill(auth: Auth, ym: number, account: string, version: number, remark: string, replaces?: number) {
    const jobs = await this.repo.usage.accountJobs(
      account,
      this.days.startOf(ym * 100 + 1),
      this.days.startOf(nextMonth(ym) * 100 + 1),
    );
    const pricing = await this.pricing.load();
    const sum = zero();
    const lines = jobs.map((j) => {
      const { stored } = this.pricing.line(j, this.pricing.ofJob(j, pricing));
      add(sum, { jobs: 1, coreSeconds: stored.core_seconds, cardSeconds: stored.card_seconds, numerator: big(stored.numerator) });
      return stored;
    });
    return this.repo.bills.saveBill(
      {
        period: ym,
        account_name: account,
        version,
        state: 'issued',
        currency: this.billing.currency,
        jobs: sum.jobs,
        core_seconds: sum.coreSeconds,
        card_seconds: sum.cardSeconds,
        numerator: String(sum.numerator),
        amount_cents: toCents(sum.numerator),
        issued_at: this.clock.now(),
        issued_by: auth.user.userName,
        remark,
        superseded_by: null,
      },
      lines,
      replaces,
    );
  }
}
