import { can, type BillingAccountItem } from '@portal/shared';
import type { Auth } from '../../lib/auth.js';
import type { Clock } from '../../lib/time.js';
import * as err from './bill-errors.js';
import { ledgerEntry } from './bill-items.js';
import { monthText } from './bill-sums.js';
import { visibleAccounts, type BillAccounts, type BillingConfig, type Paging } from './bills-context.js';
import type { BillsRepository } from './bills.repository.js';
import { centsToNumerator, toCents } from './money.js';

/** Accounts' classes and balances: deposits and job charges in the ledger, the check at submission. */
export class BillBalancesService {
  constructor(
    private readonly repo: BillsRepository,
    private readonly accounts: BillAccounts,
    private readonly clock: Clock,
    private readonly billing: BillingConfig,
  ) {}

  async listBillingAccounts(auth: Auth, q: Paging & { scope: 'mine' | 'all'; accountName?: string | undefined }) {
    const names = await visibleAccounts(this.accounts, auth, q.scope);
    const page = await this.repo.accounts.accountsPage(names, q.accountName, { offset: q.pageStart, limit: q.pageLimit });
    const list = await this.accountItems(page.rows);
    return { total: page.total, list, currency: this.billing.currency, balances: this.billing.balances };
  }

  private async accountItems(rows: readonly { name: string; owner: string }[]): Promise<BillingAccountItem[]> {
    const names = rows.map((r) => r.name);
    const [classes, balances, billed] = await Promise.all([
      this.repo.prices.classes(),
      this.billing.balances ? this.repo.accounts.balances(names) : Promise.resolve(new Map<string, bigint>()),
      this.repo.bills.lastBilled(names),
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
    const a = await this.repo.accounts.findAccount(name);
    if (!a) throw err.accountNotFound(name);
    const [item] = await this.accountItems([a]);
    if (!item) throw err.accountNotFound(name);
    return item;
  }

  async setAccountClass(accountName: string, accountClass: string): Promise<BillingAccountItem> {
    if (!(await this.repo.accounts.findAccount(accountName))) throw err.accountNotFound(accountName);
    await this.repo.prices.setClass(accountName, accountClass, this.clock.now());
    return this.accountItem(accountName);
  }

  async deposit(auth: Auth, accountName: string, amountCents: number, remark: string): Promise<BillingAccountItem> {
    if (!this.billing.balances) throw err.balancesOff();
    if (!(await this.repo.accounts.findAccount(accountName))) throw err.accountNotFound(accountName);
    await this.repo.accounts.addLedger({
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
      const mine = await visibleAccounts(this.accounts, auth, 'mine');
      if (!mine?.includes(accountName)) throw err.notYourAccount(accountName);
    }
    const [page, balances] = await Promise.all([
      this.repo.accounts.ledgerPage(accountName, { offset: q.pageStart, limit: q.pageLimit }),
      this.repo.accounts.balances([accountName]),
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
    const balance = (await this.repo.accounts.balances([account])).get(account) ?? 0n;
    if (balance <= 0n) throw err.noBalance(account, toCents(balance), this.billing.currency);
  }
}
