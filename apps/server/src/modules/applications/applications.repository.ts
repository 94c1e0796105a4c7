import { sql, type Insertable, type Kysely } from 'kysely';
import { QUOTA_LIMIT_MAX } from '@portal/shared';
import type { ApplicationRow, Database } from '../../db/types.js';
import type { ApplicationsTable } from '../../db/quota-tables.js';
import { containsIgnoreCase } from '../../db/like.js';

/** An application as lists show it: with its account's name and owner, and the applicant's name. */
export interface ApplicationView extends ApplicationRow {
  account_name: string;
  owner_user_id: number;
  applicant_name: string;
}

/** An account as an application needs it, with the caller's membership. */
export interface ApplyingAccount {
  id: number;
  name: string;
  status: string;
  owner_user_id: number;
  /** The caller is a member (1) or not (0). */
  is_member: number;
}

export type HoursKind = 'coreHours' | 'cardHours';
const LIMIT_COLUMN = { coreHours: 'core_hours_limit', cardHours: 'card_hours_limit' } as const;

export interface ApplicationFilter {
  /** The caller's own (scope mine). */
  applicantId?: number | undefined;
  /** Review by an account owner: their accounts' applications an owner may decide. Neither: every one. */
  ownerId?: number | undefined;
  state?: string | undefined;
  kind?: string | undefined;
  accountName?: string | undefined;
}

/** What makes two applications ask for the same thing (one pending at a time). */
export interface ApplicationKey {
  applicant_id: number;
  kind: ApplicationRow['kind'];
  account_id: number;
  cluster_id: string | null;
  job_id: string | null;
  queue: string | null;
}

/** Applications, and the two things they touch in the database: accounts (read) and quotas (a limit raised). */
export class ApplicationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction, with a repository bound to it (SQLite has one connection: use only that one). */
  transaction<T>(work: (repo: ApplicationsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new ApplicationsRepository(trx)));
  }

  private views() {
    return this.db
      .selectFrom('applications as p')
      .innerJoin('accounts as a', 'a.id', 'p.account_id')
      .innerJoin('users as u', 'u.id', 'p.applicant_id');
  }

  find(id: number): Promise<ApplicationView | undefined> {
    return this.views()
      .selectAll('p')
      .select(['a.name as account_name', 'a.owner_user_id', 'u.user_name as applicant_name'])
      .where('p.id', '=', id)
      .executeTakeFirst();
  }

  /** One page; `pendingFirst` puts the applications waiting for a decision before the others. */
  async list(
    f: ApplicationFilter,
    page: { offset: number; limit: number },
    pendingFirst: boolean,
  ): Promise<{ total: number; rows: ApplicationView[] }> {
    let q = this.views();
    if (f.applicantId !== undefined) q = q.where('p.applicant_id', '=', f.applicantId);
    if (f.ownerId !== undefined) q = q.where('a.owner_user_id', '=', f.ownerId).where('p.reviewer', '=', 'ownerOrAdmin');
    if (f.state) q = q.where('p.state', '=', f.state as ApplicationRow['state']);
    if (f.kind) q = q.where('p.kind', '=', f.kind as ApplicationRow['kind']);
    if (f.accountName) q = q.where(containsIgnoreCase('a.name', f.accountName));
    const counted = await q.select(sql<string | number>`count(*)`.as('total')).executeTakeFirst();
    let rows = q.selectAll('p').select(['a.name as account_name', 'a.owner_user_id', 'u.user_name as applicant_name']);
    if (pendingFirst) rows = rows.orderBy(sql`case when p.state = 'Pending' then 0 else 1 end`);
    const list = await rows
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return { total: Number(counted?.total ?? 0), rows: list };
  }

  /** The caller's pending application for the same thing, if any. */
  findPending(k: ApplicationKey): Promise<{ id: number } | undefined> {
    const same = <C extends 'cluster_id' | 'job_id' | 'queue'>(col: C, v: string | null) =>
      v === null ? sql<boolean>`${sql.ref(`p.${col}`)} is null` : sql<boolean>`${sql.ref(`p.${col}`)} = ${v}`;
    return this.db
      .selectFrom('applications as p')
      .select('p.id')
      .where('p.applicant_id', '=', k.applicant_id)
      .where('p.kind', '=', k.kind)
      .where('p.account_id', '=', k.account_id)
      .where('p.state', '=', 'Pending')
      .where(same('cluster_id', k.cluster_id))
      .where(same('job_id', k.job_id))
      .where(same('queue', k.queue))
      .executeTakeFirst();
  }

  async insert(row: Insertable<ApplicationsTable>): Promise<number> {
    const r = await this.db.insertInto('applications').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }

  /**
   * Ends a pending application (decided or withdrawn). Only one caller wins: false when it was no
   * longer pending, so a change is never made twice.
   */
  async close(
    id: number,
    change: { state: ApplicationRow['state']; remark?: string; decided_by: string; decided_at: number },
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('applications')
      .set(change)
      .where('id', '=', id)
      .where('state', '=', 'Pending')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** An approval whose change could not be made: Failed with why. */
  async fail(id: number, error: string): Promise<void> {
    await this.db
      .updateTable('applications')
      .set({ state: 'Failed', error: error.slice(0, 512) })
      .where('id', '=', id)
      .execute();
  }

  /** Back to pending (the scheduler did not answer, so nothing was decided). */
  async reopen(id: number): Promise<void> {
    await this.db
      .updateTable('applications')
      .set({ state: 'Pending', remark: '', decided_by: '', decided_at: null })
      .where('id', '=', id)
      .execute();
  }

  /** An account by name, with whether this user is a member. */
  account(name: string, userId: number): Promise<ApplyingAccount | undefined> {
    return this.db
      .selectFrom('accounts as a')
      .leftJoin('account_members as m', (j) => j.onRef('m.account_id', '=', 'a.id').on('m.user_id', '=', userId))
      .select([
        'a.id',
        'a.name',
        'a.status',
        'a.owner_user_id',
        sql<number>`case when m.user_id is null then 0 else 1 end`.as('is_member'),
      ])
      .where('a.name', '=', name)
      .executeTakeFirst()
      .then((r) => r && { ...r, id: Number(r.id), owner_user_id: Number(r.owner_user_id), is_member: Number(r.is_member) });
  }

  /** The account's own limit and the member's (user id), of one kind; null: no limit (or no quota row). */
  async limits(accountId: number, userId: number, kind: HoursKind): Promise<{ account: number | null; member: number | null }> {
    const col = LIMIT_COLUMN[kind];
    const rows = await this.db
      .selectFrom('quotas')
      .select(['user_id', col])
      .where('account_id', '=', accountId)
      .where('user_id', 'in', [0, userId])
      .execute();
    const of = (id: number) => {
      const v = rows.find((r) => Number(r.user_id) === id)?.[col];
      return v === null || v === undefined ? null : Number(v);
    };
    return { account: of(0), member: userId === 0 ? null : of(userId) };
  }

  /**
   * Raises a limit by `hours` in one statement (user id 0: the account's own). False when there is
   * no such limit any more, or it would pass the largest the portal accepts.
   */
  async raiseLimit(
    q: { accountId: number; userId: number; kind: HoursKind; hours: number },
    by: string,
    at: number,
  ): Promise<boolean> {
    const col = LIMIT_COLUMN[q.kind];
    const r = await this.db
      .updateTable('quotas')
      .set(col, (eb) => eb(col, '+', q.hours))
      .set({ updated_at: at, updated_by: by })
      .where('account_id', '=', q.accountId)
      .where('user_id', '=', q.userId)
      .where(col, 'is not', null)
      .where(col, '<=', QUOTA_LIMIT_MAX - q.hours)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
