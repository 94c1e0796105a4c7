import { sql, type Kysely } from 'kysely';
import { containsIgnoreCase } from '../../db/like.js';
import { readPage, type PageOf, type PageRequest } from '../../db/paging.js';
import type { Database, LedgerRow } from '../../db/types.js';
import { big } from './money.js';

/** Portal accounts as bills name them, and the ledger their balances sum. */
export class BillingAccountsRepository {
  constructor(private readonly db: Kysely<Database>) {}

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
