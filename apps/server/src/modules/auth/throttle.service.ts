import type { Config } from '../../config/schema.js';
import type { Clock } from '../../lib/time.js';
import type { ThrottleRepository } from './throttle.repository.js';

const userKey = (userName: string) => `user:${userName}`;
const ipKey = (ip: string) => `ip:${ip}`;

/**
 * Counts sign-in attempts per user name and per client address. A user name is locked after
 * `maxFailures` failures; a captcha is required after `captchaAfterFailures` for the name or the
 * address. Names that do not exist are counted the same way, so the answers do not reveal which
 * exist. A failure is counted once its password is known wrong; attempts on one name take turns
 * (SignInGate), so a burst of parallel guesses gets no more tries than guesses made one by one.
 */
export class ThrottleService {
  private readonly windowMs: number;

  constructor(
    private readonly repo: ThrottleRepository,
    private readonly clock: Clock,
    private readonly auth: Config['auth'],
  ) {
    this.windowMs = auth.lockMinutes * 60_000;
  }

  private async failures(key: string): Promise<{ failures: number; lockedUntil: number }> {
    const row = await this.repo.find(key);
    if (!row) return { failures: 0, lockedUntil: 0 };
    const now = this.clock.now();
    // Failures older than the window are forgotten, as is a lock that has run out.
    const stale = row.last_failure_at + this.windowMs <= now && row.locked_until <= now;
    return stale ? { failures: 0, lockedUntil: 0 } : { failures: row.failures, lockedUntil: row.locked_until };
  }

  async lockState(userName: string): Promise<{ locked: boolean; unlockInSeconds: number }> {
    const { lockedUntil } = await this.failures(userKey(userName));
    const left = lockedUntil - this.clock.now();
    return left > 0 ? { locked: true, unlockInSeconds: Math.ceil(left / 1000) } : { locked: false, unlockInSeconds: 0 };
  }

  async needsCaptcha(userName: string | undefined, ip: string): Promise<boolean> {
    const threshold = this.auth.captchaAfterFailures;
    if (threshold === 0) return true;
    const [byIp, byUser] = await Promise.all([
      this.failures(ipKey(ip)),
      userName ? this.failures(userKey(userName)) : Promise.resolve({ failures: 0 }),
    ]);
    return byIp.failures >= threshold || byUser.failures >= threshold;
  }

  /**
   * After a wrong password: counts it for the name and the address; answers whether the name is
   * now locked.
   */
  async failed(userName: string, ip: string): Promise<boolean> {
    const now = this.clock.now();
    const [user] = await Promise.all([this.bump(userKey(userName), now), this.bump(ipKey(ip), now)]);
    if (user.failures < this.auth.maxFailures) return false;
    await this.repo.lock(userKey(userName), now + this.windowMs);
    return true;
  }

  private bump(key: string, now: number): Promise<{ failures: number; lockedUntil: number }> {
    return this.repo.bump(key, now, this.windowMs);
  }

  async clearUser(userName: string): Promise<void> {
    await this.repo.delete([userKey(userName)]);
  }

  async clear(userName: string, ip: string): Promise<void> {
    await this.repo.delete([userKey(userName), ipKey(ip)]);
  }
}
