import {
  can,
  type BillDetail,
  type BillingAccountItem,
  type BillItem,
  type BillLine,
  type BillStatistics,
  type BillStatisticsRow,
  type BillTotals,
  type LedgerEntry,
  type PriceItem,
  type ReportScope,
} from '@portal/shared';
import type { BillLineRow, BillRow, LedgerRow, PriceRow } from '../../db/types.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Auth } from '../../lib/auth.js';
import { iso, type Clock } from '../../lib/time.js';
import { addDays, dayNumber, dayText, type ZoneDays } from '../../lib/zone-days.js';
import { badParameter, readAllRequired, scopedWhere, type ReportFilter, type UsageWhere } from '../reports/index.js';
import * as err from './bill-errors.js';
import type { BillsRepository, JobForBill, NewBillLine } from './bills.repository.js';
import { big, centsToNumerator, numeratorOf, priceE4, priceText, toCents } from './money.js';
import { PriceBook, type AppliedPrice } from './price-book.js';

/** What bills need of the accounts module. */
export interface BillAccounts {
  ownedAccountNames(userId: number): Promise<string[]>;
  accountsOf(userId: number): Promise<{ names: string[] }>;
}

export interface BillingConfig {
  balances: boolean;
  currency: string;
}

type Paging = { pageStart: number; pageLimit: number };
type Group = 'month' | 'account' | 'user' | 'queue' | 'cluster';

interface Sum {
  jobs: number;
  coreSeconds: number;
  cardSeconds: number;
  numerator: bigint;
}
const zero = (): Sum => ({ jobs: 0, coreSeconds: 0, cardSeconds: 0, numerator: 0n });
const totalsOf = (s: Sum): BillTotals => ({
  jobs: s.jobs,
  coreSeconds: s.coreSeconds,
  cardSeconds: s.cardSeconds,
  amountCents: toCents(s.numerator),
});

/** YYYYMM → 'YYYY-MM' and back. */
const monthText = (ym: number) => `${Math.floor(ym / 100)}-${String(ym % 100).padStart(2, '0')}`;
const monthNumber = (text: string) => Number(text.replace('-', ''));
const nextMonth = (ym: number) => (ym % 100 === 12 ? ym + 89 : ym + 1);

const priceItem = (p: PriceRow): PriceItem => ({
  priceId: Number(p.id),
  clusterId: p.cluster_id,
  queue: p.queue,
  accountClass: p.account_class,
  coreHourPrice: priceText(p.core_hour_price_e4),
  cardHourPrice: priceText(p.card_hour_price_e4),
  effectiveFrom: dayText(Number(p.effective_from)),
  remark: p.remark,
  createdAt: iso(Number(p.created_at)),
  createdBy: p.created_by,
});

const billItem = (b: BillRow): BillItem => ({
  billId: Number(b.id),
  period: monthText(Number(b.period)),
  accountName: b.account_name,
  version: Number(b.version),
  state: b.state,
  currency: b.currency,
  issuedAt: iso(Number(b.issued_at)),
  issuedBy: b.issued_by,
  remark: b.remark,
  supersededBy: b.superseded_by === null ? null : Number(b.superseded_by),
  jobs: Number(b.jobs),
  coreSeconds: Number(b.core_seconds),
  cardSeconds: Number(b.card_seconds),
  amountCents: Number(b.amount_cents),
});

const storedLine = (l: BillLineRow): BillLine => ({
  jobId: l.job_id,
  clusterId: l.cluster_id,
  jobName: l.job_name,
  user: l.user_name,
  account: l.account,
  queue: l.queue,
  endedAt: iso(Number(l.end_at)),
  cores: Number(l.cores),
  cards: Number(l.cards),
  seconds: Number(l.seconds),
  coreSeconds: Number(l.core_seconds),
  cardSeconds: Number(l.card_seconds),
  coreHourPrice: priceText(l.core_hour_price_e4),
  cardHourPrice: priceText(l.card_hour_price_e4),
  priceId: l.price_id === null ? null : Number(l.price_id),
  amountCents: toCents(big(l.numerator)),
});

const ledgerEntry = (e: LedgerRow): LedgerEntry => ({
  entryId: Number(e.id),
  kind: e.kind,
  amountCents: toCents(big(e.numerator)),
  jobId: e.job_id,
  clusterId: e.cluster_id,
  at: iso(Number(e.at)),
  by: e.by_user,
  remark: e.remark,
});

/**
 * Bills (docs/bills.md): prices, today's reckoning of a range (per job, or summed from the daily
 * rollups), issued monthly bills, account classes and balances. Amounts stay exact numerators
 * until a total is rounded, once, half up.
 */
export class BillsService {
  constructor(
    private readonly repo: BillsRepository,
    private readonly days: ZoneDays,
    private readonly accounts: BillAccounts,
    private readonly clock: Clock,
    private readonly billing: BillingConfig,
  ) {}

  // Prices.

  async listPrices(
    q: { clusterId?: string | undefined; queue?: string | undefined; accountClass?: string | undefined } & Paging,
  ) {
    const page = await this.repo.listPrices(q, { offset: q.pageStart, limit: q.pageLimit });
    return { total: page.total, list: page.rows.map(priceItem), currency: this.billing.currency };
  }

  async createPrice(
    auth: Auth,
    b: {
      clusterId: string;
      queue: string;
      accountClass: string;
      coreHourPrice: string;
      cardHourPrice: string;
      effectiveFrom: string;
      remark: string;
    },
  ): Promise<PriceItem> {
    const day = dayNumber(b.effectiveFrom);
    if (dayText(addDays(day, 0)) !== b.effectiveFrom)
      throw badParameter('effectiveFrom', `${b.effectiveFrom} is not a day of the calendar`);
    const last = await this.repo.lastIssuedPeriod();
    if (last !== null && day < nextMonth(last) * 100 + 1) throw err.priceInIssuedMonth(last, dayText(nextMonth(last) * 100 + 1));
    try {
      return priceItem(
        await this.repo.insertPrice({
          cluster_id: b.clusterId,
          queue: b.queue,
          account_class: b.accountClass,
          core_hour_price_e4: priceE4(b.coreHourPrice),
          card_hour_price_e4: priceE4(b.cardHourPrice),
          effective_from: day,
          remark: b.remark,
          created_at: this.clock.now(),
          created_by: auth.user.userName,
        }),
      );
    } catch (e) {
      if (isUniqueViolation(e)) throw err.priceExists();
      throw e;
    }
  }

  async deletePrice(priceId: number): Promise<PriceRow> {
    const p = await this.repo.findPrice(priceId);
    if (!p) throw err.priceNotFound();
    const last = await this.repo.lastIssuedPeriod();
    if (last !== null && Number(p.effective_from) < nextMonth(last) * 100 + 1) throw err.priceUsedByBills(last);
    await this.repo.deletePrice(priceId);
    return p;
  }

  // Today's reckoning.

  async statistics(auth: Auth, q: ReportFilter & Paging & { groupBy: Group }): Promise<BillStatistics> {
    const where = await scopedWhere(auth, q, (id) => this.accounts.ownedAccountNames(id), 'bills:readAll');
    const groups = await this.priced(where, q.groupBy);
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
    const page = await this.repo.jobsPage(where, this.days.startOf(where.from), this.days.startOf(addDays(where.to, 1)), {
      offset: q.pageStart,
      limit: q.pageLimit,
    });
    const [book, classes] = await this.pricing();
    // The totals come from the rollups: the same jobs, summed by the keys prices depend on.
    const total = zero();
    for (const s of (await this.priced(where, 'cluster', [book, classes])).values()) add(total, s);
    return {
      currency: this.billing.currency,
      timeZone: this.days.zone,
      from: q.from,
      to: q.to,
      total: page.total,
      list: page.rows.map((j) => this.line(j, this.priceOfJob(j, book, classes)).line),
      totals: totalsOf(total),
    };
  }

  private async billDetail(auth: Auth, billId: number, q: { scope: ReportScope } & Paging): Promise<BillDetail> {
    const bill = await this.repo.findBill(billId);
    if (!bill) throw err.billNotFound();
    const visible = await this.visibleAccounts(auth, q.scope === 'all' ? 'all' : 'accounts');
    const mine = q.scope === 'mine' ? { userName: auth.user.userName } : {};
    if (q.scope !== 'mine' && visible && !visible.includes(bill.account_name)) throw err.notYourAccount(bill.account_name);
    const r = await this.repo.billLines(billId, mine, { offset: q.pageStart, limit: q.pageLimit });
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

  private async pricing(): Promise<[PriceBook, Map<string, string>]> {
    const [prices, classes] = await Promise.all([this.repo.allPrices(), this.repo.classes()]);
    return [new PriceBook(prices), classes];
  }

  private priceOfJob(j: JobForBill, book: PriceBook, classes: Map<string, string>): AppliedPrice {
    return book.priceOf({
      clusterId: j.cluster_id,
      queue: j.queue,
      accountClass: classes.get(j.account) ?? '',
      day: this.days.dayOf(Number(j.end_at)),
    });
  }

  private line(j: JobForBill, p: AppliedPrice): { line: BillLine; stored: NewBillLine } {
    const numerator = numeratorOf(Number(j.core_seconds), Number(j.card_seconds), p.coreE4, p.cardE4);
    const stored: NewBillLine = {
      cluster_id: j.cluster_id,
      job_id: j.job_id,
      job_name: j.name,
      user_name: j.user_name,
      account: j.account,
      queue: j.queue,
      end_at: Number(j.end_at),
      cores: Number(j.cpus),
      cards: Number(j.gpus),
      seconds: Number(j.elapsed_s),
      core_seconds: Number(j.core_seconds),
      card_seconds: Number(j.card_seconds),
      core_hour_price_e4: p.coreE4,
      card_hour_price_e4: p.cardE4,
      price_id: p.priceId,
      numerator: String(numerator),
    };
    return { line: storedLine({ ...stored, id: 0, bill_id: 0 }), stored };
  }

  /** The rollups in the range priced row by row and summed per group (exact: a price depends only on the row's keys). */
  private async priced(where: UsageWhere, groupBy: Group, pricing?: [PriceBook, Map<string, string>]): Promise<Map<string, Sum>> {
    const [usage, [book, classes]] = await Promise.all([this.repo.usage(where, groupBy === 'user'), pricing ?? this.pricing()]);
    const groups = new Map<string, Sum>();
    for (const r of usage) {
      const p = book.priceOf({ clusterId: r.cluster_id, queue: r.queue, accountClass: classes.get(r.account) ?? '', day: r.day });
      const key =
        groupBy === 'month'
          ? monthText(Math.floor(r.day / 100))
          : groupBy === 'user'
            ? r.user_name
            : groupBy === 'cluster'
              ? r.cluster_id
              : r[groupBy];
      const s = groups.get(key) ?? zero();
      add(s, {
        jobs: r.jobs,
        coreSeconds: r.core_seconds,
        cardSeconds: r.card_seconds,
        numerator: numeratorOf(r.core_seconds, r.card_seconds, p.coreE4, p.cardE4),
      });
      groups.set(key, s);
    }
    return groups;
  }

  // Monthly bills.

  /** The accounts a caller's list shows: undefined for all (read-all), else member or owner ('mine') or owner ('accounts'). */
  private async visibleAccounts(auth: Auth, scope: ReportScope): Promise<string[] | undefined> {
    if (scope === 'all') {
      if (!can(auth.user.roleId, 'bills:readAll')) throw readAllRequired('bills:readAll');
      return undefined;
    }
    const owned = await this.accounts.ownedAccountNames(auth.user.id);
    if (scope === 'accounts') return owned;
    return [...new Set([...(await this.accounts.accountsOf(auth.user.id)).names, ...owned])];
  }

  async listBills(
    auth: Auth,
    q: Paging & { scope: ReportScope; period?: string | undefined; account?: string | undefined; state?: string | undefined },
  ) {
    const accounts = await this.visibleAccounts(auth, q.scope);
    const page = await this.repo.listBills(
      { accounts, period: q.period ? monthNumber(q.period) : undefined, account: q.account, state: q.state },
      { offset: q.pageStart, limit: q.pageLimit },
    );
    return { total: page.total, list: page.rows.map(billItem) };
  }

  async issue(auth: Auth, period: string, accountName: string | undefined): Promise<BillItem[]> {
    const ym = this.endedMonth(period);
    const issued = new Map((await this.repo.issuedOf(ym)).map((b) => [b.account_name, b]));
    let targets: string[];
    if (accountName) {
      const existing = issued.get(accountName);
      if (existing) throw err.billExists(accountName, period, Number(existing.id));
      if (!(await this.repo.findAccount(accountName))) throw err.accountNotFound(accountName);
      targets = [accountName];
    } else {
      const used = await this.repo.accountsWithUsage(ym * 100 + 1, addDays(nextMonth(ym) * 100 + 1, -1));
      targets = used.filter((a) => !issued.has(a));
    }
    const out: BillItem[] = [];
    for (const account of targets) out.push(billItem(await this.makeBill(auth, ym, account, 1, '')));
    return out;
  }

  async reissue(auth: Auth, billId: number, remark: string): Promise<BillItem> {
    const old = await this.repo.findBill(billId);
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
    const jobs = await this.repo.accountJobs(
      account,
      this.days.startOf(ym * 100 + 1),
      this.days.startOf(nextMonth(ym) * 100 + 1),
    );
    const [book, classes] = await this.pricing();
    const sum = zero();
    const lines = jobs.map((j) => {
      const { stored } = this.line(j, this.priceOfJob(j, book, classes));
      add(sum, { jobs: 1, coreSeconds: stored.core_seconds, cardSeconds: stored.card_seconds, numerator: big(stored.numerator) });
      return stored;
    });
    return this.repo.saveBill(
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

  // Accounts, classes and balances.

  async listBillingAccounts(auth: Auth, q: Paging & { scope: 'mine' | 'all'; accountName?: string | undefined }) {
    const names = await this.visibleAccounts(auth, q.scope);
    const page = await this.repo.accountsPage(names, q.accountName, { offset: q.pageStart, limit: q.pageLimit });
    const list = await this.accountItems(page.rows);
    return { total: page.total, list, currency: this.billing.currency, balances: this.billing.balances };
  }

  private async accountItems(rows: readonly { name: string; owner: string }[]): Promise<BillingAccountItem[]> {
    const names = rows.map((r) => r.name);
    const [classes, balances, billed] = await Promise.all([
      this.repo.classes(),
      this.billing.balances ? this.repo.balances(names) : Promise.resolve(new Map<string, bigint>()),
      this.repo.lastBilled(names),
    ]);
    return rows.map((r) => {
      const last = billed.get(r.name);
      return {
        accountName: r.name,
        owner: r.owner,
        accountClass: classes.get(r.name) ?? '',
        balanceCents: this.billing.balances ? toCents(balances.get(r.name) ?? 0n) : null,
        lastBilledPeriod: last === undefined ? null : monthText(last),
      };
    });
  }

  private async accountItem(name: string): Promise<BillingAccountItem> {
    const a = await this.repo.findAccount(name);
    if (!a) throw err.accountNotFound(name);
    const [item] = await this.accountItems([a]);
    if (!item) throw err.accountNotFound(name);
    return item;
  }

  async setAccountClass(accountName: string, accountClass: string): Promise<BillingAccountItem> {
    if (!(await this.repo.findAccount(accountName))) throw err.accountNotFound(accountName);
    await this.repo.setClass(accountName, accountClass, this.clock.now());
    return this.accountItem(accountName);
  }

  async deposit(auth: Auth, accountName: string, amountCents: number, remark: string): Promise<BillingAccountItem> {
    if (!this.billing.balances) throw err.balancesOff();
    if (!(await this.repo.findAccount(accountName))) throw err.accountNotFound(accountName);
    await this.repo.addLedger({
      account_name: accountName,
      kind: 'deposit',
      numerator: String(centsToNumerator(amountCents)),
      cluster_id: null,
      job_id: null,
      job_submit_at: null,
      at: this.clock.now(),
      by_user: auth.user.userName,
      remark,
    });
    return this.accountItem(accountName);
  }

  async ledger(auth: Auth, accountName: string, q: Paging) {
    if (!can(auth.user.roleId, 'bills:readAll')) {
      const mine = await this.visibleAccounts(auth, 'mine');
      if (!mine?.includes(accountName)) throw err.notYourAccount(accountName);
    }
    const [page, balances] = await Promise.all([
      this.repo.ledgerPage(accountName, { offset: q.pageStart, limit: q.pageLimit }),
      this.repo.balances([accountName]),
    ]);
    return {
      total: page.total,
      list: page.rows.map(ledgerEntry),
      currency: this.billing.currency,
      balanceCents: toCents(balances.get(accountName) ?? 0n),
    };
  }

  /** At submission (balances on): an account whose exact balance is not above zero submits nothing. */
  async checkBalance(account: string | undefined): Promise<void> {
    if (!this.billing.balances || !account) return;
    const balance = (await this.repo.balances([account])).get(account) ?? 0n;
    if (balance <= 0n) throw err.noBalance(account, toCents(balance), this.billing.currency);
  }
}

const add = (into: Sum, s: Sum) => {
  into.jobs += s.jobs;
  into.coreSeconds += s.coreSeconds;
  into.cardSeconds += s.cardSeconds;
  into.numerator += s.numerator;
};
