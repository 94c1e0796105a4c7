import { can, ErrCode, type UserAccountInfo } from '@portal/shared';
import { AppError } from '../../lib/app-error.js';
import type { Auth } from '../../lib/auth.js';
import type { OrgPlace, OrgService } from '../org/index.js';
import type { UserDirectory, UserPlacement, UserPlacements } from '../users/index.js';
import { accountUnusable, forbidden, userNotFound } from './account-errors.js';
import type { AccountsRepository } from './accounts.repository.js';
import { statusOf } from './accounts.service.js';

/** A user's accounts as other modules need them: their place, the session's status, the account a job is charged to. */
export class UserAccountsService implements UserPlacements {
  constructor(
    private readonly repo: AccountsRepository,
    private readonly users: UserDirectory,
    private readonly org: OrgService,
  ) {}

  /** queryUserInfo: the caller's own, or any user's for roles that read all accounts. */
  async info(auth: Auth, userName: string | undefined): Promise<UserAccountInfo> {
    const name = userName ?? auth.user.userName;
    if (name !== auth.user.userName && !can(auth.user.roleId, 'accounts:readAll')) throw forbidden();
    const user = await this.users.findByName(name);
    if (!user) throw userNotFound(name);
    const [memberships, tree] = await Promise.all([this.repo.memberships(user.id), this.org.tree()]);
    const main = memberships.find((m) => m.is_default === 1);
    const place = tree.placeOf(user.department_id);
    return {
      userName: user.user_name,
      email: user.email,
      phoneNum: user.phone_num,
      groupName: user.group_name,
      mainGroup: main?.name ?? '',
      subsidiaryGroup: memberships.filter((m) => m !== main).map((m) => m.name),
      account: main?.name ?? '',
      accountStatus: main ? statusOf(main.status) : 'Normal',
      accounts: memberships.map((m) => ({
        accountName: m.name,
        status: statusOf(m.status),
        isDefault: m.is_default === 1,
        isOwner: Number(m.owner_user_id) === user.id,
      })),
      departmentId: user.department_id === null ? null : Number(user.department_id),
      company: place.company,
      department: place.department,
    };
  }

  /** For the users module: each user's place and default account. */
  async placements(users: readonly { id: number; department_id: number | null }[]): Promise<Map<number, UserPlacement>> {
    const [tree, defaults] = await Promise.all([this.org.tree(), this.repo.defaultsOf(users.map((u) => u.id))]);
    return new Map(
      users.map((u) => [
        u.id,
        {
          departmentId: u.department_id === null ? null : Number(u.department_id),
          ...tree.placeOf(u.department_id),
          defaultAccount: defaults.get(u.id)?.name ?? '',
        },
      ]),
    );
  }

  /** Reports: the names of the accounts the user owns (is the PI of). */
  async ownedAccountNames(userId: number): Promise<string[]> {
    return (await this.repo.all()).filter((a) => Number(a.owner_user_id) === userId).map((a) => a.name);
  }

  /** Reports: each account's company and department, through its org unit ('' when it has none). */
  async accountPlaces(): Promise<Map<string, OrgPlace>> {
    const [accounts, tree] = await Promise.all([this.repo.all(), this.org.tree()]);
    return new Map(accounts.map((a) => [a.name, tree.placeOf(a.org_unit_id)]));
  }

  unitExists(id: number): Promise<boolean> {
    return this.org.exists(id);
  }

  /** Queue management: a user's accounts and their default one. */
  async accountsOf(userId: number): Promise<{ names: string[]; defaultName: string | null }> {
    const held = await this.repo.memberships(userId);
    return { names: held.map((m) => m.name), defaultName: held.find((m) => m.is_default === 1)?.name ?? null };
  }

  /** Queue management: which of these account names do not exist. */
  async unknown(names: readonly string[]): Promise<string[]> {
    const found = await Promise.all(names.map(async (n) => ((await this.repo.findByName(n)) ? null : n)));
    return found.filter((n): n is string => n !== null);
  }

  /** getIndexData's acAccountStatus: Disable when the default account is (spec section 4). */
  async sessionAccountStatus(userId: number): Promise<'Normal' | 'Disable'> {
    const d = (await this.repo.defaultsOf([userId])).get(userId);
    return d?.status === 'Disable' ? 'Disable' : 'Normal';
  }

  /**
   * The account a job is charged to: the one asked for, else the user's default. A user holding
   * accounts submits only to one of them, and only while it is usable; a user with none submits
   * as before (the scheduler's own default). One indexed read.
   */
  async submissionAccount(user: { id: number; name: string }, requested: string | undefined): Promise<string | undefined> {
    const held = await this.repo.memberships(user.id);
    if (held.length === 0) return requested;
    const chosen =
      requested === undefined ? (held.find((m) => m.is_default === 1) ?? held[0]) : held.find((m) => m.name === requested);
    if (!chosen)
      throw new AppError(
        ErrCode.PARAM_INVALID,
        'notAccountMember',
        `You are not a member of the account ${requested ?? ''}; your accounts: ${held.map((m) => m.name).join(', ')}`,
        { extra: { accounts: held.map((m) => m.name) } },
      );
    const unusable = accountUnusable(chosen);
    if (unusable) throw unusable;
    return chosen.name;
  }
}
