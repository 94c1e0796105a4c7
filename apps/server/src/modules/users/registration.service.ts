import { ErrCode, Role, type RegisterUserBody } from '@portal/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/time.js';
import type { Config } from '../../config/schema.js';
import type { CaptchaService, RateLimiter } from '../auth/index.js';
import type { SettingsService } from '../settings/index.js';
import { hashPassword } from './password.js';
import { assertPasswordStrength } from './password-policy.js';
import { newUserRow, type UsersRepository } from './users.repository.js';

type Registration = z.output<typeof RegisterUserBody>;

const randKey = (rand: string) => `rand:${rand}`;

const duplicated = () => new AppError(ErrCode.PARAM_INVALID, 'userNameDuplicated', 'User name is duplicated.', { status: 409 });

/** Self-registration: captcha, unique name, password strength; the account then waits for approval. */
export class RegistrationService {
  constructor(
    private readonly users: UsersRepository,
    private readonly captcha: CaptchaService,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly limits: Pick<Config['auth'], 'lookupsPerMinute' | 'signUpsPerHour'>,
  ) {}

  /** An anonymous look-up (whether a name exists, a captcha check) from `client`: limited per address. */
  private countLookup(client: string): void {
    this.limiter.take('lookup', client, { max: this.limits.lookupsPerMinute, windowMs: 60_000 });
  }

  /** Whether a name is taken, asked by an anonymous client at address `client`. */
  async lookUpUser(userName: string, client: string): Promise<boolean> {
    this.countLookup(client);
    return this.userExists(userName);
  }

  private async userExists(userName: string): Promise<boolean> {
    return !!(await this.users.findByName(userName));
  }

  async checkCode(rand: string, code: string, client: string): Promise<void> {
    this.countLookup(client);
    if (!(await this.captcha.verify(randKey(rand), code)))
      throw new AppError(ErrCode.PARAM_INVALID, 'authCodeIncorrect', 'The code is incorrect');
  }

  async register(r: Registration, client: string): Promise<void> {
    this.limiter.take('signUp', client, { max: this.limits.signUpsPerHour, windowMs: 3_600_000 });
    const settings = await this.settings.get();
    if (!settings.registrationEnabled)
      throw new AppError(ErrCode.INSUFFICIENT_PERMISSION, 'registrationClosed', 'Registration is closed', { status: 403 });
    if (!(await this.captcha.isVerified(randKey(r.rand))))
      throw new AppError(ErrCode.PARAM_INVALID, 'authCodeIncorrect', 'The code is incorrect');
    if (await this.userExists(r.userName)) throw duplicated();
    assertPasswordStrength(r.userPwd, settings.passwordStrength);
    const now = this.clock.now();
    try {
      await this.users.insert(
        newUserRow(
          {
            user_name: r.userName,
            password_hash: await hashPassword(r.userPwd),
            role_id: Role.user,
            status: 'pending',
            email: r.email,
            phone_num: r.phoneNum ?? '',
            desc_info: r.descInfo ?? '',
          },
          now,
        ),
      );
    } catch (err) {
      // Two registrations of one name at the same moment: the unique index decides.
      if (await this.userExists(r.userName)) throw duplicated();
      throw err;
    }
    await this.captcha.discard(randKey(r.rand));
  }
}
