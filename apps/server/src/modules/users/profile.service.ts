import { ErrCode, type LoginUser } from '@portal/shared';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/time.js';
import type { Auth } from '../../lib/auth.js';
import type { SessionsService } from '../auth/index.js';
import type { SettingsService } from '../settings/index.js';
import { hashPassword, verifyPassword } from './password.js';
import { assertConfirmation, assertPasswordStrength } from './password-policy.js';
import { noPlacements, type UserPlacements } from './user-placement.js';
import type { UsersRepository } from './users.repository.js';

/** The signed-in user's own information and password. */
export class ProfileService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly placements: UserPlacements = noPlacements,
  ) {}

  private async current(auth: Auth) {
    const user = await this.users.findById(auth.user.id);
    if (!user) throw notFound();
    return user;
  }

  async get(auth: Auth): Promise<LoginUser> {
    const u = await this.current(auth);
    const place = (await this.placements.placements([u])).get(u.id);
    return {
      userName: u.user_name,
      roleId: auth.user.roleId,
      email: u.email,
      phoneNum: u.phone_num,
      descInfo: u.desc_info,
      groupName: u.group_name,
      company: place?.company ?? '',
      department: place?.department ?? '',
    };
  }

  async modifyInfo(auth: Auth, info: { email: string; phoneNum?: string | undefined; descInfo?: string | undefined }) {
    await this.users.update(auth.user.id, { email: info.email, phone_num: info.phoneNum ?? '', desc_info: info.descInfo ?? '' });
  }

  /** Changes the password and ends the user's other sessions. */
  async modifyPassword(auth: Auth, p: { oldPwd: string; newPwd: string; verifyCheckNewPwd?: string | undefined }) {
    const user = await this.current(auth);
    if (!(await verifyPassword(user.password_hash, p.oldPwd)))
      throw new AppError(ErrCode.PARAM_INVALID, 'oldPasswordWrong', 'The old password is incorrect');
    assertConfirmation(p.newPwd, p.verifyCheckNewPwd);
    if (p.newPwd === p.oldPwd)
      throw new AppError(ErrCode.PARAM_INVALID, 'samePassword', 'The new password must differ from the old one');
    assertPasswordStrength(p.newPwd, (await this.settings.get()).passwordStrength);
    await this.users.update(user.id, {
      password_hash: await hashPassword(p.newPwd),
      password_changed_at: this.clock.now(),
      must_change_password: 0,
    });
    await this.sessions.destroyAllForUser(user.id, auth.sessionId);
  }
}
