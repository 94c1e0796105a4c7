import { ErrCode } from '@portal/shared';
import { AppError } from '../../lib/app-error.js';
import type { Auth } from '../../lib/auth.js';
import type { Clock } from '../../lib/time.js';
import type { SessionsService, ThrottleService } from '../auth/index.js';
import type { SettingsService } from '../settings/index.js';
import { hashPassword } from './password.js';
import { assertConfirmation, assertPasswordStrength } from './password-policy.js';
import type { UsersRepository } from './users.repository.js';

/**
 * A forgotten password on a portal without mail: an administrator sets a temporary one and tells
 * the user by other means. It follows the portal's password strength, ends the user's sessions,
 * lifts a sign-in lock, and must be replaced at the next sign-in (users.must_change_password).
 */
export class TemporaryPasswordService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly throttle: ThrottleService,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
  ) {}

  async set(actor: Auth, p: { userName: string; newPwd: string; verifyCheckNewPwd: string }): Promise<void> {
    const user = await this.users.findByName(p.userName);
    if (!user)
      throw new AppError(ErrCode.PARAM_INVALID, 'userNotFound', `The user ${p.userName} does not exist`, { status: 404 });
    // Administrators change their own password in the personal center, knowing the old one.
    if (user.id === actor.user.id)
      throw new AppError(ErrCode.INSUFFICIENT_PERMISSION, 'selfChange', 'Change your own password in the personal center', {
        status: 403,
      });
    if (user.status !== 'active' && user.status !== 'frozen')
      throw new AppError(ErrCode.PARAM_INVALID, 'notPending', 'Only approved users can be given a temporary password');
    assertConfirmation(p.newPwd, p.verifyCheckNewPwd);
    assertPasswordStrength(p.newPwd, (await this.settings.get()).passwordStrength);
    await this.users.update(user.id, {
      password_hash: await hashPassword(p.newPwd),
      password_changed_at: this.clock.now(),
      must_change_password: 1,
    });
    await this.sessions.destroyAllForUser(user.id);
    await this.throttle.clearUser(user.user_name);
  }
}
