import type { Kysely } from 'kysely';
import type { Config } from '../../config/schema.js';
import type { Database } from '../../db/types.js';
import type { Clock } from '../../lib/time.js';

const userKey = (userName: string) => `user:${userName}`;
const ipKey = (ip: string) => `ip:${ip}`;

/**
 * Counts failed sign-ins per user name and per client address. A user name is locked after
 * `maxFailures`; a captcha is required after `captchaAfterFailures` for the name or the address.
 * Names that do not exist are counted the same way, so the answers do not reveal which exist.
 */
export class ThrottleService {
  private readonly windowMs: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly auth: Config['auth'],
  ) {
    this.windowMs = auth.lockMinutes * 60_000;
  }

  private async failures(key: string): Promise<{ failures: number; lockedUntil: number }> {
    const row = await this.db.selectFrom('login_throttle').selectAll().where('key', '=', key).executeTakeFirst();
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

  /** Records a failure; answers whether the user name is now locked. */
  async recordFailure(userName: string, ip: string): Promise<boolean> {
    const now = this.clock.now();
    const [user] = await Promise.all([this.bump(userKey(userName), now), this.bump(ipKey(ip), now)]);
    if (user >= this.auth.maxFailures) {
      await this.db
        .updateTable('login_throttle')
        .set({ locked_until: now + this.windowMs, failures: 0 })
        .where('key', '=', userKey(userName))
        .execute();
      return true;
    }
    return false;
  }

  private async bump(key: string, now: number): Promise<number> {
    const failures = (await this.failures(key)).failures + 1;
    await this.db
      .insertInto('login_throttle')
      .values({ key, failures, last_failure_at: now, locked_until: 0 })
      .onConflict((oc) => oc.column('key').doUpdateSet({ failures, last_failure_at: now }))
      .execute();
    return failures;
  }

  async clearUser(userName: string): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('key', '=', userKey(userName)).execute();
  }

  async clear(userName: string, ip: string): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('key', 'in', [userKey(userName), ipKey(ip)]).execute();
  }
}
