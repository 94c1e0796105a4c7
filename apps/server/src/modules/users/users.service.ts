import { ErrCode, normalizeRoleId, USER_STATUSES, type UserSummary } from '@portal/shared';
import type { UserRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { iso, isoOrNull, type Clock } from '../../lib/time.js';
import type { Auth } from '../../lib/auth.js';
import type { SessionsService, ThrottleService } from '../auth/index.js';
import type { KeysService } from '../keys/index.js';
import { APPROVER_ROLES } from './approver-roles.js';
import { noPlacements, type UserPlacement, type UserPlacements } from './user-placement.js';
import type { UserListFilter, UserSort, UsersRepository } from './users.repository.js';

const NOWHERE: UserPlacement = { departmentId: null, company: '', department: '', defaultAccount: '' };

export const toSummary = (u: UserRow, place: UserPlacement = NOWHERE): UserSummary => ({
  userNo: u.id,
  userName: u.user_name,
  roleId: normalizeRoleId(u.role_id),
  status: USER_STATUSES.find((s) => s === u.status) ?? 'frozen',
  email: u.email,
  phoneNum: u.phone_num,
  descInfo: u.desc_info,
  groupName: u.group_name,
  company: place.company,
  department: place.department,
  departmentId: u.department_id === null ? null : Number(u.department_id),
  defaultAccount: place.defaultAccount,
  createdAt: iso(u.created_at),
  approvedAt: isoOrNull(u.approved_at),
  approvedBy: u.approved_by,
  lastLoginAt: isoOrNull(u.last_login_at),
  refuseReason: u.refuse_reason,
});

/** The portal must keep one active administrator who can approve users. */
const assertNotLastAdmin = (user: UserRow, activeAdmins: number, what: 'role' | 'freeze'): void => {
  if (user.status !== 'active' || !(APPROVER_ROLES as number[]).includes(user.role_id)) return;
  if (activeAdmins <= 1)
    throw new AppError(
      ErrCode.INSUFFICIENT_PERMISSION,
      'lastAdmin',
      `This is the last administrator: cannot ${what === 'role' ? 'change its role' : 'freeze it'}`,
      {
        status: 409,
      },
    );
};

const userNotFound = (name: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'userNotFound', `The user ${name} does not exist`, { status: 404 });

/** What administrators do with accounts: approve, refuse, change role and organisation, freeze. */
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly throttle: ThrottleService,
    private readonly keys: KeysService,
    private readonly clock: Clock,
    /** Installs the user's account and keys on every cluster; answers the clusters that failed. */
    private readonly provision: (user: { id: number; name: string }) => Promise<string[]> = () => Promise.resolve([]),
    /** Each user's department path and default account (the organisation and accounts modules). */
    private readonly placements: UserPlacements = noPlacements,
  ) {}

  async list(filter: UserListFilter, page: { offset: number; limit: number }, sort?: { by: UserSort; order: 'asc' | 'desc' }) {
    const { total, rows } = await this.users.list(filter, page, sort);
    const places = await this.placements.placements(rows);
    return { total, list: rows.map((u) => toSummary(u, places.get(u.id))) };
  }

  async listPending(userName: string | undefined, page: { offset: number; limit: number }) {
    return this.list({ userName, status: 'pending' }, page, { by: 'createdAt', order: 'asc' });
  }

  private async load(userName: string, repo = this.users): Promise<UserRow> {
    const user = await repo.findByName(userName);
    if (!user) throw userNotFound(userName);
    return user;
  }

  /** Approves pending (or earlier refused) users and makes each one's SSH key pair. */
  async approve(actor: Auth, userNames: string[], roleId: number | undefined): Promise<string[]> {
    const users = await Promise.all(userNames.map((n) => this.load(n)));
    const notPending = users.filter((u) => u.status !== 'pending' && u.status !== 'refused');
    if (notPending.length)
      throw new AppError(
        ErrCode.PARAM_INVALID,
        'notPending',
        `Not waiting for approval: ${notPending.map((u) => u.user_name).join(', ')}`,
      );
    const now = this.clock.now();
    for (const u of users) {
      await this.users.update(u.id, {
        status: 'active',
        role_id: roleId ?? u.role_id,
        approved_at: now,
        approved_by: actor.user.userName,
        refuse_reason: '',
      });
      await this.keys.ensurePortalKeyPair(u.id, u.user_name);
      await this.provision({ id: u.id, name: u.user_name });
    }
    return users.map((u) => u.user_name);
  }

  async refuse(userNames: string[], reason: string | undefined): Promise<string[]> {
    const users = await Promise.all(userNames.map((n) => this.load(n)));
    const notPending = users.filter((u) => u.status !== 'pending');
    if (notPending.length)
      throw new AppError(
        ErrCode.PARAM_INVALID,
        'notPending',
        `Not waiting for approval: ${notPending.map((u) => u.user_name).join(', ')}`,
      );
    for (const u of users) await this.users.update(u.id, { status: 'refused', refuse_reason: reason ?? '' });
    return users.map((u) => u.user_name);
  }

  async modify(
    actor: Auth,
    change: {
      userName: string;
      roleId?: number | undefined;
      groupName?: string | undefined;
      departmentId?: number | null | undefined;
    },
  ): Promise<void> {
    const unit = change.departmentId;
    if (unit !== undefined && unit !== null && !(await this.placements.unitExists(unit)))
      throw new AppError(ErrCode.PARAM_INVALID, 'orgUnitNotFound', `No company or department has the id ${unit}`, {
        status: 404,
      });
    await this.users.withActiveRolesLocked(APPROVER_ROLES, async (repo, activeAdmins) => {
      const user = await this.load(change.userName, repo);
      if (change.roleId !== undefined && change.roleId !== user.role_id) {
        if (user.id === actor.user.id)
          throw new AppError(ErrCode.INSUFFICIENT_PERMISSION, 'selfChange', 'You cannot change your own role', { status: 403 });
        assertNotLastAdmin(user, activeAdmins, 'role');
      }
      await repo.update(user.id, {
        ...(change.roleId !== undefined ? { role_id: change.roleId } : {}),
        ...(change.groupName !== undefined ? { group_name: change.groupName } : {}),
        ...(unit !== undefined ? { department_id: unit } : {}),
      });
    });
  }

  async freeze(actor: Auth, userName: string): Promise<void> {
    const user = await this.users.withActiveRolesLocked(APPROVER_ROLES, async (repo, activeAdmins) => {
      const u = await this.load(userName, repo);
      if (u.id === actor.user.id)
        throw new AppError(ErrCode.INSUFFICIENT_PERMISSION, 'selfChange', 'You cannot freeze your own account', { status: 403 });
      if (u.status !== 'active' && u.status !== 'frozen')
        throw new AppError(ErrCode.PARAM_INVALID, 'notPending', 'Only approved users can be frozen');
      assertNotLastAdmin(u, activeAdmins, 'freeze');
      await repo.update(u.id, { status: 'frozen' });
      return u;
    });
    await this.sessions.destroyAllForUser(user.id);
  }

  /**
   * Provisioning again, for an administrator who saw a failure in the audit log: the portal key
   * pair is made if missing and every cluster gets the account and keys (idempotent). Answers the
   * clusters that failed again.
   */
  async reprovision(userName: string): Promise<string[]> {
    const u = await this.load(userName);
    if (u.status !== 'active') throw new AppError(ErrCode.PARAM_INVALID, 'notPending', 'Only active users are provisioned');
    await this.keys.ensurePortalKeyPair(u.id, u.user_name);
    return this.provision({ id: u.id, name: u.user_name });
  }

  async unfreeze(userName: string): Promise<void> {
    const user = await this.load(userName);
    if (user.status !== 'frozen' && user.status !== 'active')
      throw new AppError(ErrCode.PARAM_INVALID, 'notPending', 'Only frozen users can be unfrozen');
    await this.users.update(user.id, { status: 'active' });
    await this.throttle.clearUser(user.user_name);
  }
}
