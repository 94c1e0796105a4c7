import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { BilledUsageRepository } from './billed-usage.repository.js';
import { BillingAccountsRepository } from './billing-accounts.repository.js';
import { IssuedBillsRepository } from './issued-bills.repository.js';
import { PricesRepository } from './prices.repository.js';

/** What bills read and write, by concern: prices and classes, the usage priced, issued bills, accounts and the ledger. */
export class BillsRepository {
  readonly prices: PricesRepository;
  readonly usage: BilledUsageRepository;
  readonly bills: IssuedBillsRepository;
  readonly accounts: BillingAccountsRepository;

  constructor(db: Kysely<Database>) {
    this.prices = new PricesRepository(db);
    this.usage = new BilledUsageRepository(db);
    this.bills = new IssuedBillsRepository(db);
    this.accounts = new BillingAccountsRepository(db);
  }
}
