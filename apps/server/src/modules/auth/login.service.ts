import { ErrCode, normalizeRoleId, roleName, type LoginAuthData } from '@portal/shared';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/time.js';
import { burnPasswordCheck, verifyPassword, type UserDirectory } from '../users/index.js';
import type { CaptchaService } from './captcha.service.js';
import type { SessionsService } from './sessions.service.js';
import type { SignInGate } from './sign-in-gate.js';
import type { ThrottleService } from './throttle.service.js';

export interface LoginAttempt {
  userName: string;
  password: string;
  authCode: string | undefined;
  /** Key of the captcha challenge bound to this browser (cookie), if any. */
  captchaKey: string | undefined;
  ip: string;
  userAgent: string;
}

const locked = (unlockInSeconds: number) =>
  new AppError(ErrCode.USER_FROZEN, 'userLocked', 'The user is locked', { status: 403, extra: { unlockInSeconds } });

/** Sign-in: lockout, captcha on demand, password check, account state, new session. */
export class LoginService {
  constructor(
    private readonly users: UserDirectory,
    private readonly sessions: SessionsService,
    private readonly throttle: ThrottleService,
    private readonly captcha: CaptchaService,
    private readonly clock: Clock,
    private readonly gate: SignInGate,
  ) {}

  async login(a: LoginAttempt): Promise<LoginAuthData & { token: string }> {
    // The lock and captcha state is read after every earlier attempt on this name has counted.
    const leave = await this.gate.enter(a.userName, a.ip);
    try {
      return await this.checkedLogin(a);
    } finally {
      leave();
    }
  }

  private async checkedLogin(a: LoginAttempt): Promise<LoginAuthData & { token: string }> {
    const lock = await this.throttle.lockState(a.userName);
    if (lock.locked) throw locked(lock.unlockInSeconds);

    if (await this.throttle.needsCaptcha(a.userName, a.ip)) {
      if (!a.authCode)
        throw new AppError(ErrCode.PARAM_INCOMPLETE, 'authCodeRequired', 'Please enter the verification code', {
          extra: { needAuthCode: true },
        });
      const right = a.captchaKey ? await this.captcha.consume(a.captchaKey, a.authCode) : false;
      if (!right)
        throw new AppError(ErrCode.PARAM_INVALID, 'authCodeIncorrect', 'The code is incorrect', {
          extra: { needAuthCode: true },
        });
    }

    const user = await this.users.findByName(a.userName);
    const passwordOk = user ? await verifyPassword(user.password_hash, a.password) : (await burnPasswordCheck(a.password), false);
    if (!user || !passwordOk) {
      if (await this.throttle.failed(a.userName, a.ip)) throw locked((await this.throttle.lockState(a.userName)).unlockInSeconds);
      throw new AppError(ErrCode.PARAM_INVALID, 'badCredentials', 'The user name or password is incorrect', {
        status: 401,
        extra: { needAuthCode: await this.throttle.needsCaptcha(a.userName, a.ip) },
      });
    }

    // The password was right: earlier failures are forgiven, and telling the account's state reveals
    // nothing to a stranger.
    await this.throttle.clear(a.userName, a.ip);
    if (user.status === 'pending')
      throw new AppError(ErrCode.USER_FROZEN, 'userPending', 'Your registration is waiting for approval by an administrator.');
    if (user.status === 'refused')
      throw new AppError(ErrCode.USER_FROZEN, 'userRefused', 'Your registration was refused by an administrator.', {
        extra: { refuseReason: user.refuse_reason },
      });
    if (user.status === 'frozen')
      throw new AppError(ErrCode.USER_FROZEN, 'userFrozen', 'The account has been deactivated and cannot be operated.');

    const { token, csrfToken } = await this.sessions.create(user.id, a.ip, a.userAgent);
    await this.users.recordSignIn(user.id, this.clock.now());
    const roleId = normalizeRoleId(user.role_id);
    return { token, csrfToken, roleId, roleName: roleName(roleId), userName: user.user_name };
  }
}
