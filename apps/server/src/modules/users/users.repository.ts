import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { containsIgnoreCase } from '../../db/like.js';
import { readPage, type PageOf, type PageRequest } from '../../db/paging.js';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/types.js';

/**
 * A new users row: the given fields over empty profile fields, created now, not yet approved.
 */
export const newUserRow = (
  fields: Pick<NewUser, 'user_name' | 'password_hash' | 'role_id' | 'status'> & Partial<NewUser>,
  now: number,
): NewUser => ({
  email: '',
  phone_num: '',
  desc_info: '',
  group_name: '',
  refuse_reason: '',
  created_at: now,
  approved_at: null,
  approved_by: null,
  last_login_at: null,
  password_changed_at: now,
  ...fields,
});

export interface UserListFilter {
  userName?: string | undefined;
  roleId?: number | undefined;
  status?: string | undefined;
}

const sortColumns = {
  userName: 'user_name',
  createdAt: 'created_at',
  lastLoginAt: 'last_login_at',
  roleId: 'role_id',
} as const;
export type UserSort = keyof typeof sortColumns;

export class UsersRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Runs `change` in a transaction that holds the rows of the active users with these roles, and
   * tells it how many there are. Two administrators freezing or demoting each other at the same
   * moment then take turns, so the second one sees that it would remove the last administrator.
   * Inside `change`, use only the repository it is given (SQLite has one connection).
   */
  async withActiveRolesLocked<T>(
    roleIds: number[],
    change: (repo: UsersRepository, activeCount: number) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const q = trx.selectFrom('users').select('id').where('status', '=', 'active').where('role_id', 'in', roleIds).orderBy('id');
      // SQLite runs one transaction at a time anyway; PostgreSQL needs the row locks (NO KEY
      // UPDATE: status and role are no key, so sign-ins inserting sessions are not held up).
      const rows = await (this.dialect === 'postgres' ? q.forNoKeyUpdate() : q).execute();
      return change(new UsersRepository(trx, this.dialect), rows.length);
    });
  }

  findByName(userName: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('user_name', '=', userName).executeTakeFirst();
  }

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(user: NewUser): Promise<UserRow> {
    return this.db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, changes: UserUpdate): Promise<void> {
    await this.db.updateTable('users').set(changes).where('id', '=', id).execute();
  }

  async countActiveWithRoles(roleIds: number[]): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'active')
      .where('role_id', 'in', roleIds)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async list(
    filter: UserListFilter,
    page: PageRequest,
    sort: { by: UserSort; order: 'asc' | 'desc' } = { by: 'userName', order: 'asc' },
  ): Promise<PageOf<UserRow>> {
    let q = this.db.selectFrom('users');
    if (filter.userName) q = q.where(containsIgnoreCase('user_name', filter.userName));
    if (filter.roleId !== undefined) q = q.where('role_id', '=', filter.roleId);
    if (filter.status) q = q.where('status', '=', filter.status);
    return readPage(q, page, (p) => p.selectAll().orderBy(sortColumns[sort.by], sort.order).orderBy('id', sort.order));
  }
}
