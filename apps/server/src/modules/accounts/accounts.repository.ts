import { sql, type Kysely } from 'kysely';
import type { AccountRow, Database } from '../../db/types.js';
import { containsIgnoreCase } from '../../db/like.js';

/** An account as lists show it: with its owner's name, its member count and the caller's relation to it. */
export interface AccountListRow extends AccountRow {
  owner_name: string;
  member_count: number;
  /** The caller is a member (1) or not (0). */
  caller_member: number;
  /** It is the caller's default account (1) or not (0). */
  caller_default: number;
}

export interface MemberRow {
  user_id: number;
  user_name: string;
  is_default: number;
  added_at: number;
  added_by: string;
}

/** One of a user's accounts: the check at submission and queryUserInfo read these. */
export interface MembershipRow {
  account_id: number;
  name: string;
  status: string;
  owner_user_id: number;
  is_default: number;
}

export interface AccountFilter {
  id?: number | undefined;
  /** Only accounts this user is a member of. */
  memberOf?: number | undefined;
  name?: string | undefined;
  status?: string | undefined;
  orgUnitIds?: number[] | undefined;
}

const sortColumns = {
  accountName: 'a.name',
  createdAt: 'a.created_at',
  status: 'a.status',
  memberCount: 'member_count',
} as const;
export type AccountSort = keyof typeof sortColumns;

/** Accounts and their members (accounts, account_members). */
export class AccountsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction, with a repository bound to it (SQLite has one connection: use only that one). */
  transaction<T>(work: (repo: AccountsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new AccountsRepository(trx)));
  }

  findByName(name: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('name', '=', name).executeTakeFirst();
  }

  all(): Promise<AccountRow[]> {
    return this.db.selectFrom('accounts').selectAll().orderBy('name').execute();
  }

  insert(row: Omit<AccountRow, 'id'>): Promise<AccountRow> {
    return this.db.insertInto('accounts').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, change: Partial<Omit<AccountRow, 'id' | 'name' | 'created_at'>>): Promise<void> {
    await this.db.updateTable('accounts').set(change).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('account_members').where('account_id', '=', id).execute();
    await this.db.deleteFrom('accounts').where('id', '=', id).execute();
  }

  /** Accounts matching the filter, one page, each with the caller's relation to it. */
  async list(
    callerId: number,
    filter: AccountFilter,
    page: { offset: number; limit: number },
    sort: { by: AccountSort | undefined; order: 'asc' | 'desc' },
  ): Promise<{ total: number; rows: AccountListRow[] }> {
    let q = this.db.selectFrom('accounts as a');
    if (filter.memberOf !== undefined) {
      const userId = filter.memberOf;
      q = q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('account_members as f')
            .select('f.user_id')
            .whereRef('f.account_id', '=', 'a.id')
            .where('f.user_id', '=', userId),
        ),
      );
    }
    if (filter.id !== undefined) q = q.where('a.id', '=', filter.id);
    if (filter.name) q = q.where(containsIgnoreCase('a.name', filter.name));
    if (filter.status) q = q.where('a.status', '=', filter.status);
    if (filter.orgUnitIds) q = q.where('a.org_unit_id', 'in', filter.orgUnitIds.length ? filter.orgUnitIds : [-1]);
    const counted = await q.select(sql<string | number>`count(*)`.as('total')).executeTakeFirst();
    let rows = q
      .innerJoin('users as o', 'o.id', 'a.owner_user_id')
      .leftJoin('account_members as me', (j) => j.onRef('me.account_id', '=', 'a.id').on('me.user_id', '=', callerId))
      .selectAll('a')
      .select((eb) => [
        'o.user_name as owner_name',
        eb
          .selectFrom('account_members as c')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('c.account_id', '=', 'a.id')
          .as('member_count'),
        sql<number>`case when me.user_id is null then 0 else 1 end`.as('caller_member'),
        sql<number>`coalesce(me.is_default, 0)`.as('caller_default'),
      ]);
    // Unsorted: the caller's default account first (spec: the session's account info is the first item).
    rows = sort.by
      ? rows.orderBy(sql.ref(sortColumns[sort.by]), sort.order)
      : rows.orderBy(sql`coalesce(me.is_default, 0)`, 'desc').orderBy('a.name', 'asc');
    const list = await rows.orderBy('a.id', sort.order).offset(page.offset).limit(page.limit).execute();
    return {
      total: Number(counted?.total ?? 0),
      rows: list.map((r) => ({
        ...r,
        member_count: Number(r.member_count ?? 0),
        caller_member: Number(r.caller_member),
        caller_default: Number(r.caller_default),
      })),
    };
  }

  members(accountId: number): Promise<MemberRow[]> {
    return this.db
      .selectFrom('account_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.user_id', 'u.user_name', 'm.is_default', 'm.added_at', 'm.added_by'])
      .where('m.account_id', '=', accountId)
      .orderBy('u.user_name')
      .execute();
  }

  /** A user's accounts, in one indexed read (account_members_user_idx). */
  memberships(userId: number): Promise<MembershipRow[]> {
    return this.db
      .selectFrom('account_members as m')
      .innerJoin('accounts as a', 'a.id', 'm.account_id')
      .select(['m.account_id', 'a.name', 'a.status', 'a.owner_user_id', 'm.is_default'])
      .where('m.user_id', '=', userId)
      .orderBy('m.is_default', 'desc')
      .orderBy('a.name')
      .execute();
  }

  /** The default account's name and status of each of these users (absent: none). */
  async defaultsOf(userIds: readonly number[]): Promise<Map<number, { name: string; status: string }>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('account_members as m')
      .innerJoin('accounts as a', 'a.id', 'm.account_id')
      .select(['m.user_id', 'a.name', 'a.status'])
      .where('m.is_default', '=', 1)
      .where('m.user_id', 'in', [...userIds])
      .execute();
    return new Map(rows.map((r) => [Number(r.user_id), { name: r.name, status: r.status }]));
  }

  isMember(accountId: number, userId: number): Promise<boolean> {
    return this.db
      .selectFrom('account_members')
      .select('user_id')
      .where('account_id', '=', accountId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
      .then((r) => r !== undefined);
  }

  async addMember(m: { account_id: number; user_id: number; added_at: number; added_by: string }): Promise<void> {
    await this.db
      .insertInto('account_members')
      .values({ ...m, is_default: 0 })
      .onConflict((oc) => oc.columns(['account_id', 'user_id']).doNothing())
      .execute();
  }

  async removeMember(accountId: number, userId: number): Promise<void> {
    await this.db.deleteFrom('account_members').where('account_id', '=', accountId).where('user_id', '=', userId).execute();
  }

  /** Makes this account the user's only default (null: none); cleared first, so the unique index never sees two. */
  async setDefault(userId: number, accountId: number | null): Promise<void> {
    await this.db
      .updateTable('account_members')
      .set({ is_default: 0 })
      .where('user_id', '=', userId)
      .where('is_default', '=', 1)
      .execute();
    if (accountId === null) return;
    await this.db
      .updateTable('account_members')
      .set({ is_default: 1 })
      .where('user_id', '=', userId)
      .where('account_id', '=', accountId)
      .execute();
  }

  /** Every member of every account, with user names (the synchronisation's desired state). */
  allMembers(): Promise<{ account_id: number; user_name: string; is_default: number }[]> {
    return this.db
      .selectFrom('account_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.account_id', 'u.user_name', 'm.is_default'])
      .orderBy('u.user_name')
      .execute();
  }
}
