import { can, ErrCode, type AccountDetail } from '@portal/shared';
import type { AccountRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import type { Auth } from '../../lib/auth.js';
import type { Clock } from '../../lib/time.js';
import type { UserDirectory } from '../users/index.js';
import { accountNotFound, notAccountOwner, userNotActive, userNotFound } from './account-errors.js';
import { joinAccount, moveDefault, type AccountsService } from './accounts.service.js';
import type { AccountsRepository } from './accounts.repository.js';

/** Members of accounts: the account's owner (PI) or an administrator adds and removes them; each user picks their default. */
export class AccountMembersService {
  constructor(
    private readonly repo: AccountsRepository,
    private readonly accounts: AccountsService,
    private readonly users: UserDirectory,
    private readonly clock: Clock,
    private readonly changed: () => void,
  ) {}

  /** The account, when the caller owns it or holds accounts:manage. */
  private async managed(auth: Auth, name: string): Promise<AccountRow> {
    const account = await this.repo.findByName(name);
    if (!account) throw accountNotFound(name);
    if (Number(account.owner_user_id) !== auth.user.id && !can(auth.user.roleId, 'accounts:manage')) throw notAccountOwner(name);
    return account;
  }

  async add(auth: Auth, name: string, body: { userName: string; isDefault?: boolean | undefined }): Promise<AccountDetail> {
    const account = await this.managed(auth, name);
    const user = await this.users.findByName(body.userName);
    if (!user) throw userNotFound(body.userName);
    if (user.status !== 'active') throw userNotActive(body.userName);
    await this.repo.transaction((repo) =>
      joinAccount(repo, {
        accountId: Number(account.id),
        userId: user.id,
        by: auth.user.userName,
        at: this.clock.now(),
        makeDefault: body.isDefault === true,
      }),
    );
    this.changed();
    return this.accounts.detail(auth, name, { skipAccessCheck: true });
  }

  async remove(auth: Auth, name: string, userName: string): Promise<AccountDetail> {
    const account = await this.managed(auth, name);
    const user = await this.users.findByName(userName);
    if (!user) throw userNotFound(userName);
    if (user.id === Number(account.owner_user_id))
      throw new AppError(
        ErrCode.PARAM_INVALID,
        'accountHasMembers',
        `${userName} owns ${name} and stays its member: give the account another owner first`,
        { status: 409 },
      );
    if (!(await this.repo.isMember(Number(account.id), user.id)))
      throw new AppError(ErrCode.PARAM_INVALID, 'notAccountMember', `${userName} is not a member of ${name}`, { status: 404 });
    await this.repo.transaction(async (repo) => {
      await repo.removeMember(Number(account.id), user.id);
      await moveDefault(repo, user.id);
    });
    this.changed();
    return this.accounts.detail(auth, name, { skipAccessCheck: true });
  }

  /** Makes one of the caller's own accounts their default. */
  async setDefault(auth: Auth, name: string): Promise<void> {
    const account = await this.repo.findByName(name);
    if (!account) throw accountNotFound(name);
    if (!(await this.repo.isMember(Number(account.id), auth.user.id)))
      throw new AppError(ErrCode.INSUFFICIENT_PERMISSION, 'notAccountMember', `You are not a member of ${name}`, { status: 403 });
    await this.repo.transaction((repo) => repo.setDefault(auth.user.id, Number(account.id)));
    this.changed();
  }
}
