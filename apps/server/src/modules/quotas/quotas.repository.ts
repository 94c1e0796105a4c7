import { sql, type Kysely } from 'kysely';
import { containsIgnoreCase } from '../../db/like.js';
import { readPage, type PageOf, type PageRequest } from '../../db/paging.js';
import type { Database, QuotaRow } from '../../db/types.js';

/** A quota with the names it is shown by ('' as user_name for the account's own). */
export interface NamedQuotaRow extends QuotaRow {
  account_name: string;
  user_name: string;
}

/** An account as quotas need it. */
export interface QuotaAccount {
  id: number;
  name: string;
  owner_user_id: number;
  created_at: number;
}

/** A quota read at submission, with the finished jobs' seconds counted against it. */
export interface SubmissionQuotaRow {
  user_id: number;
  core_hours_limit: number | null;
  card_hours_limit: number | null;
  core_used: number | null;
  card_used: number | null;
}

/** Core- and card-seconds. */
export interface Seconds {
  core: number;
  card: number;
}

/** Finished jobs' seconds counted against an account's quota and its members'. */
export interface UsedSeconds {
  /** All members together. */
  account: Seconds;
  /** Per member's user name. */
  members: Map<string, Seconds>;
}

export interface QuotaFilter {
  accountName?: string | undefined;
  userName?: string | undefined;
}

/** Quotas (quotas) and the finished jobs' usage they are counted against (usage_totals). */
export class QuotasRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private named() {
    return this.db
      .selectFrom('quotas as q')
      .innerJoin('accounts as a', 'a.id', 'q.account_id')
      .leftJoin('users as u', 'u.id', 'q.user_id')
      .selectAll('q')
      .select(['a.name as account_name', sql<string>`coalesce(u.user_name, '')`.as('user_name')]);
  }

  accountByName(name: string): Promise<QuotaAccount | undefined> {
    return this.db
      .selectFrom('accounts')
      .select(['id', 'name', 'owner_user_id', 'created_at'])
      .where('name', '=', name)
      .executeTakeFirst();
  }

  /** The accounts this user is a member of. */
  accountsOf(userId: number): Promise<QuotaAccount[]> {
    return this.db
      .selectFrom('account_members as m')
      .innerJoin('accounts as a', 'a.id', 'm.account_id')
      .select(['a.id', 'a.name', 'a.owner_user_id', 'a.created_at'])
      .where('m.user_id', '=', userId)
      .orderBy('a.name')
      .execute();
  }

  async isMember(accountId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('account_members')
      .select('user_id')
      .where('account_id', '=', accountId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  find(accountId: number, userId: number): Promise<QuotaRow | undefined> {
    return this.db
      .selectFrom('quotas')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async save(row: QuotaRow): Promise<void> {
    const { account_id: _a, user_id: _u, ...change } = row;
    await this.db
      .insertInto('quotas')
      .values(row)
      .onConflict((oc) => oc.columns(['account_id', 'user_id']).doUpdateSet(change))
      .execute();
  }

  async delete(accountId: number, userId: number): Promise<void> {
    await this.db.deleteFrom('quotas').where('account_id', '=', accountId).where('user_id', '=', userId).execute();
  }

  /**
   * The check at submission, in one statement: the account's own quota (user_id 0) and the user's
   * within it that set an hour limit (primary key), each with the finished jobs' seconds counted
   * against it (an aggregate over usage_totals' primary key: the account's range, or the user's row).
   */
  forSubmission(accountName: string, user: { id: number; name: string }): Promise<SubmissionQuotaRow[]> {
    return this.db
      .selectFrom('quotas as q')
      .innerJoin('accounts as a', 'a.id', 'q.account_id')
      .select((eb) => {
        const used = (column: 'u.core_seconds' | 'u.card_seconds') =>
          eb
            .selectFrom('usage_totals as u')
            .select((sub) => sub.fn.coalesce(sub.fn.sum<number>(column), sub.lit(0)).as('s'))
            .whereRef('u.account', '=', 'a.name')
            .where((w) => w.or([w('q.user_id', '=', 0), w('u.user_name', '=', user.name)]));
        return [
          'q.user_id',
          'q.core_hours_limit',
          'q.card_hours_limit',
          used('u.core_seconds').as('core_used'),
          used('u.card_seconds').as('card_used'),
        ];
      })
      .where('a.name', '=', accountName)
      .where('q.user_id', 'in', [0, user.id])
      .where((w) => w.or([w('q.core_hours_limit', 'is not', null), w('q.card_hours_limit', 'is not', null)]))
      .orderBy('q.user_id')
      .execute();
  }

  /** Every quota of these accounts. */
  ofAccounts(accountIds: readonly number[]): Promise<NamedQuotaRow[]> {
    if (accountIds.length === 0) return Promise.resolve([]);
    return this.named()
      .where('q.account_id', 'in', [...accountIds])
      .execute();
  }

  /** Every quota matching the filter, one page, by account name with the account's own first. */
  page(filter: QuotaFilter, page: PageRequest): Promise<PageOf<NamedQuotaRow>> {
    let q = this.db
      .selectFrom('quotas as q')
      .innerJoin('accounts as a', 'a.id', 'q.account_id')
      .leftJoin('users as u', 'u.id', 'q.user_id');
    if (filter.accountName) q = q.where(containsIgnoreCase('a.name', filter.accountName));
    if (filter.userName) q = q.where(containsIgnoreCase('u.user_name', filter.userName));
    return readPage(q, page, (p) =>
      p
        .selectAll('q')
        .select(['a.name as account_name', sql<string>`coalesce(u.user_name, '')`.as('user_name')])
        .orderBy('a.name')
        .orderBy('q.user_id'),
    );
  }

  all(): Promise<NamedQuotaRow[]> {
    return this.named().execute();
  }

  /** The quotas that limit running jobs, for the built-in scheduler's cache. */
  runLimits(): Promise<NamedQuotaRow[]> {
    return this.named().where('q.max_running_jobs', 'is not', null).execute();
  }

  /**
   * The finished jobs' seconds of these accounts, in total and per member: an indexed range read
   * of usage_totals' primary key (account, user_name) per account, never a scan of the jobs.
   */
  async used(accountNames: readonly string[]): Promise<Map<string, UsedSeconds>> {
    const out = new Map<string, UsedSeconds>(
      accountNames.map((a) => [a, { account: { core: 0, card: 0 }, members: new Map<string, Seconds>() }]),
    );
    if (accountNames.length === 0) return out;
    const rows = await this.db
      .selectFrom('usage_totals')
      .select(['account', 'user_name', 'core_seconds', 'card_seconds'])
      .where('account', 'in', [...new Set(accountNames)])
      .execute();
    for (const r of rows) {
      const u = out.get(r.account);
      if (!u) continue;
      const core = Number(r.core_seconds);
      const card = Number(r.card_seconds);
      u.account.core += core;
      u.account.card += card;
      u.members.set(r.user_name, { core, card });
    }
    return out;
  }
}
