import { ErrCode } from '@portal/shared';
import type { Config } from '../../config/schema.js';
import { AppError } from '../../lib/app-error.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { Clock } from '../../lib/time.js';
import type { Mailer } from '../mail/index.js';
import type { SettingsService } from '../settings/index.js';
import { assertConfirmation, assertPasswordStrength, type UserDirectory } from '../users/index.js';
import type { PasswordResetsRepository } from './password-resets.repository.js';
import type { SessionsService } from './sessions.service.js';
import type { ThrottleService } from './throttle.service.js';
import type { Logger } from '../../lib/logger.js';

const invalidToken = () =>
  new AppError(ErrCode.PARAM_INVALID, 'resetTokenInvalid', 'The reset link is not valid (mistyped, or already used)');
const expiredToken = () =>
  new AppError(ErrCode.PARAM_INVALID, 'resetTokenExpired', 'The reset link has expired: ask for a new one');

/**
 * Forgot password: a single-use link with a random token (only its hash is stored) is mailed to
 * the address on record. The answer is the same whether or not the user exists.
 */
export class PasswordResetService {
  constructor(
    private readonly repo: PasswordResetsRepository,
    private readonly users: UserDirectory,
    private readonly sessions: SessionsService,
    private readonly throttle: ThrottleService,
    private readonly settings: SettingsService,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly config: Config,
  ) {}

  async request(userName: string, email: string, baseUrl: string, log: Logger): Promise<void> {
    if (!this.mailer.enabled)
      throw new AppError(ErrCode.INTERNAL, 'mailNotConfigured', 'Mail is not configured on this portal', { status: 503 });
    const user = await this.users.findByName(userName);
    if (!user || user.status !== 'active' || user.email.toLowerCase() !== email.trim().toLowerCase()) return;
    const token = randomToken();
    const now = this.clock.now();
    await this.repo.insert({
      id: sha256(token),
      user_id: user.id,
      created_at: now,
      expires_at: now + this.config.auth.resetTokenMinutes * 60_000,
      used_at: null,
    });
    const link = `${this.config.server.publicUrl ?? baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const title = this.config.branding.title;
    // Sent in the background: the answer must take as long for a real user as for an unknown
    // name, or its timing would tell which user names exist.
    this.mailer
      .send({
        to: user.email,
        subject: `${title}: reset your password / 重置密码`,
        text:
          `Hello ${user.user_name},\n\nOpen this link within ${this.config.auth.resetTokenMinutes} minutes to set a new password:\n${link}\n\n` +
          `If you did not ask for it, ignore this mail.\n\n` +
          `您好 ${user.user_name}，\n\n请在 ${this.config.auth.resetTokenMinutes} 分钟内打开以下链接设置新密码：\n${link}\n\n如果这不是您本人的操作，请忽略此邮件。\n`,
      })
      .catch((err: unknown) => log.error({ err }, 'could not send the password-reset mail'));
  }

  /** The reset row and its user when the link can be used; throws resetTokenInvalid or resetTokenExpired. */
  private async usable(token: string, now: number) {
    const row = await this.repo.find(sha256(token));
    if (!row || row.used_at != null) throw invalidToken();
    if (row.expires_at <= now) throw expiredToken();
    const user = await this.users.findById(row.user_id);
    if (!user || user.status !== 'active') throw invalidToken();
    return { row, user };
  }

  /** Lets the reset page say at once that a link is bad, before a new password is typed. */
  async check(token: string): Promise<void> {
    await this.usable(token, this.clock.now());
  }

  async reset(token: string, newPwd: string, confirmation: string): Promise<string> {
    const now = this.clock.now();
    const { row, user } = await this.usable(token, now);
    assertConfirmation(newPwd, confirmation);
    assertPasswordStrength(newPwd, (await this.settings.get()).passwordStrength);
    if (!(await this.repo.markUsed(row.id, now))) throw invalidToken();
    await this.users.setPassword(user.id, newPwd, now);
    await this.sessions.destroyAllForUser(user.id);
    await this.throttle.clearUser(user.user_name);
    return user.user_name;
  }
}
