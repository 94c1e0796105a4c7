import { AccountStatus, can, ErrCode, type AccountDetail, type AccountItem } from '@portal/shared';
import type { AccountRow, UserRow } from '../../db/types.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../lib/app-error.js';
import type { Auth } from '../../lib/auth.js';
import { iso, type Clock } from '../../lib/time.js';
import type { OrgService, OrgTree } from '../org/index.js';
import type { UserDirectory } from '../users/index.js';
import { accountNotFound, forbidden, orgUnitNotFound, userNotActive, userNotFound } from './account-errors.js';
import type { AccountListRow, AccountSort, AccountsRepository } from './accounts.repository.js';

export interface AccountListQuery {
  pageStart: number;
  pageLimit: number;
  sort?: AccountSort | undefined;
  orderBy?: 'asc' | 'desc' | undefined;
  scope?: 'mine' | 'all' | undefined;
  accountName?: string | undefined;
  status?: AccountStatus | undefined;
  orgUnitId?: number | undefined;
}

export interface AccountChange {
  description?: string | undefined;
  ownerName?: string | undefined;
  orgUnitId?: number | null | undefined;
  status?: AccountStatus | undefined;
}

/** A stored status as the contract's enum (an unknown word reads as Normal). */
export const statusOf = (s: string): AccountStatus => AccountStatus.catch('Normal').parse(s);

/** Gives a user their first account as default: used whenever someone joins an account. */
export const joinAccount = async (
  repo: AccountsRepository,
  m: { accountId: number; userId: number; by: string; at: number; makeDefault: boolean },
): Promise<void> => {
  await repo.addMember({ account_id: m.accountId, user_id: m.userId, added_at: m.at, added_by: m.by });
  const hasDefault = (await repo.memberships(m.userId)).some((x) => x.is_default === 1);
  if (m.makeDefault || !hasDefault) await repo.setDefault(m.userId, m.accountId);
};

/** Accounts themselves: listing, details, and what administrators change. */
export class AccountsService {
  constructor(
    private readonly repo: AccountsRepository,
    private readonly users: UserDirectory,
    private readonly org: OrgService,
    private readonly clock: Clock,
    /** Called after every change the schedulers must learn (the background synchronisation). */
    private readonly changed: () => void,
  ) {}

  toItem(r: AccountListRow, tree: OrgTree): AccountItem {
    const place = tree.placeOf(r.org_unit_id);
    return {
      accountId: Number(r.id),
      accountName: r.name,
      description: r.description,
      status: statusOf(r.status),
      ownerName: r.owner_name,
      orgUnitId: r.org_unit_id === null ? null : Number(r.org_unit_id),
      company: place.company,
      department: place.department,
      memberCount: r.member_count,
      isDefault: r.caller_default === 1,
      isOwner: false,
      isMember: r.caller_member === 1,
      createdAt: iso(Number(r.created_at)),
    };
  }

  async list(auth: Auth, q: AccountListQuery): Promise<{ total: number; list: AccountItem[] }> {
    const all = q.scope === 'all';
    if (all && !can(auth.user.roleId, 'accounts:readAll')) throw forbidden();
    const tree = await this.org.tree();
    const { total, rows } = await this.repo.list(
      auth.user.id,
      {
        memberOf: all ? undefined : auth.user.id,
        name: q.accountName,
        status: q.status,
        orgUnitIds: q.orgUnitId === undefined ? undefined : [...tree.subtree(q.orgUnitId)],
      },
      { offset: q.pageStart, limit: q.pageLimit },
      { by: q.sort, order: q.orderBy ?? 'asc' },
    );
    return { total, list: rows.map((r) => ({ ...this.toItem(r, tree), isOwner: Number(r.owner_user_id) === auth.user.id })) };
  }

  private async load(name: string): Promise<AccountRow> {
    const a = await this.repo.findByName(name);
    if (!a) throw accountNotFound(name);
    return a;
  }

  /** The account as the caller sees it in a list. */
  private async item(auth: Auth, id: number): Promise<AccountItem> {
    const [tree, { rows }] = await Promise.all([
      this.org.tree(),
      this.repo.list(auth.user.id, { id }, { offset: 0, limit: 1 }, { by: undefined, order: 'asc' }),
    ]);
    const r = rows[0];
    if (!r) throw accountNotFound(String(id));
    return { ...this.toItem(r, tree), isOwner: Number(r.owner_user_id) === auth.user.id };
  }

  /** One account with its members: for its members, its owner and roles that read all. */
  async detail(auth: Auth, name: string, opts: { skipAccessCheck?: boolean } = {}): Promise<AccountDetail> {
    const account = await this.load(name);
    const members = await this.repo.members(Number(account.id));
    const ownerId = Number(account.owner_user_id);
    const mayRead =
      opts.skipAccessCheck === true ||
      ownerId === auth.user.id ||
      members.some((m) => Number(m.user_id) === auth.user.id) ||
      can(auth.user.roleId, 'accounts:readAll');
    if (!mayRead) throw forbidden();
    return {
      ...(await this.item(auth, Number(account.id))),
      members: members.map((m) => ({
        userName: m.user_name,
        isDefault: m.is_default === 1,
        isOwner: Number(m.user_id) === ownerId,
        addedAt: iso(Number(m.added_at)),
        addedBy: m.added_by,
      })),
    };
  }

  private async activeUser(name: string): Promise<UserRow> {
    const u = await this.users.findByName(name);
    if (!u) throw userNotFound(name);
    if (u.status !== 'active') throw userNotActive(name);
    return u;
  }

  private async assertUnit(id: number | null | undefined): Promise<void> {
    if (id !== null && id !== undefined && !(await this.org.exists(id))) throw orgUnitNotFound(id);
  }

  async create(
    auth: Auth,
    body: {
      accountName: string;
      description?: string | undefined;
      ownerName: string;
      orgUnitId?: number | null | undefined;
      status?: AccountStatus | undefined;
    },
  ): Promise<AccountItem> {
    const owner = await this.activeUser(body.ownerName);
    await this.assertUnit(body.orgUnitId);
    const exists = () =>
      new AppError(ErrCode.PARAM_INVALID, 'accountExists', `The account ${body.accountName} already exists`, { status: 409 });
    if (await this.repo.findByName(body.accountName)) throw exists();
    const now = this.clock.now();
    const create = this.repo.transaction(async (repo) => {
      const row = await repo.insert({
        name: body.accountName,
        description: body.description ?? '',
        owner_user_id: owner.id,
        org_unit_id: body.orgUnitId ?? null,
        status: body.status ?? 'Normal',
        created_at: now,
        updated_at: now,
      });
      await joinAccount(repo, {
        accountId: Number(row.id),
        userId: owner.id,
        by: auth.user.userName,
        at: now,
        makeDefault: false,
      });
      return Number(row.id);
    });
    // Two administrators creating the same name at once: the unique index decides.
    const id = await create.catch((err: unknown) => {
      throw isUniqueViolation(err) ? exists() : err;
    });
    this.changed();
    return this.item(auth, id);
  }

  async modify(auth: Auth, name: string, change: AccountChange): Promise<AccountItem> {
    const account = await this.load(name);
    const owner = change.ownerName === undefined ? undefined : await this.activeUser(change.ownerName);
    await this.assertUnit(change.orgUnitId);
    const now = this.clock.now();
    await this.repo.transaction(async (repo) => {
      await repo.update(Number(account.id), {
        ...(change.description !== undefined ? { description: change.description } : {}),
        ...(change.status !== undefined ? { status: change.status } : {}),
        ...(change.orgUnitId !== undefined ? { org_unit_id: change.orgUnitId } : {}),
        ...(owner ? { owner_user_id: owner.id } : {}),
        updated_at: now,
      });
      // The new owner (PI) is a member too; the old one stays until removed.
      if (owner)
        await joinAccount(repo, {
          accountId: Number(account.id),
          userId: owner.id,
          by: auth.user.userName,
          at: now,
          makeDefault: false,
        });
    });
    this.changed();
    return this.item(auth, Number(account.id));
  }

  /** Deletes an account whose only member is its owner; the owner's default moves to another account. */
  async delete(name: string): Promise<void> {
    const account = await this.load(name);
    const members = await this.repo.members(Number(account.id));
    const others = members.filter((m) => Number(m.user_id) !== Number(account.owner_user_id));
    if (others.length)
      throw new AppError(
        ErrCode.PARAM_INVALID,
        'accountHasMembers',
        `The account ${name} still has ${others.length} member${others.length === 1 ? '' : 's'} besides its owner: remove them first`,
        { status: 409, extra: { members: others.length } },
      );
    await this.repo.transaction(async (repo) => {
      await repo.delete(Number(account.id));
      for (const m of members) if (m.is_default === 1) await moveDefault(repo, Number(m.user_id));
    });
    this.changed();
  }
}

/** After a user lost their default account: another one they hold becomes the default (first by name), if any. */
export const moveDefault = async (repo: AccountsRepository, userId: number): Promise<void> => {
  const left = await repo.memberships(userId);
  if (left.some((x) => x.is_default === 1)) return;
  const next = left[0];
  if (next) await repo.setDefault(userId, Number(next.account_id));
};
