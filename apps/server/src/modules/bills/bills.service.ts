import type { Clock } from '../../lib/time.js';
import type { ZoneDays } from '../../lib/zone-days.js';
import { BillBalancesService } from './bill-balances.service.js';
import { BillIssueService } from './bill-issue.service.js';
import { BillPricesService } from './bill-prices.service.js';
import { BillPricing } from './bill-pricing.js';
import { BillReckoningService } from './bill-reckoning.service.js';
import type { BillAccounts, BillingConfig } from './bills-context.js';
import type { BillsRepository } from './bills.repository.js';

/**
 * Bills (docs/bills.md): prices, today's reckoning of a range (per job, or summed from the daily
 * rollups), issued monthly bills, account classes and balances. Amounts stay exact numerators
 * until a total is rounded, once, half up.
 */
export class BillsService {
  readonly prices: BillPricesService;
  readonly reckoning: BillReckoningService;
  readonly issuing: BillIssueService;
  readonly balances: BillBalancesService;

  constructor(repo: BillsRepository, days: ZoneDays, accounts: BillAccounts, clock: Clock, billing: BillingConfig) {
    const pricing = new BillPricing(repo, days);
    this.prices = new BillPricesService(repo, clock, billing);
    this.reckoning = new BillReckoningService(repo, days, accounts, billing, pricing);
    this.issuing = new BillIssueService(repo, days, accounts, clock, billing, pricing);
    this.balances = new BillBalancesService(repo, accounts, clock, billing);
  }

  /** At submission (balances on): an account whose exact balance is not above zero submits nothing. */
  checkBalance(account: string | undefined): Promise<void> {
    return this.balances.checkBalance(account);
  }
}
