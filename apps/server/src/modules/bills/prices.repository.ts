import type { Kysely } from 'kysely';
import { readPage, type PageRequest } from '../../db/paging.js';
import type { Database, PriceRow } from '../../db/types.js';

/** Prices and the account classes they are looked up by. */
export class PricesRepository {
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
}
