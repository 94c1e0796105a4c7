import { sql, type Kysely } from 'kysely';
import type { Database, LoginThrottleRow } from '../../db/types.js';

/** Failed sign-ins per key (`user:<name>` or `ip:<address>`). */
export class ThrottleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(key: string): Promise<LoginThrottleRow | undefined> {
    return this.db.selectFrom('login_throttle').selectAll().where('key', '=', key).executeTakeFirst();
  }

  /**
   * Counts one more failure in one atomic statement; a count whose window (`windowMs`) has passed
   * and whose lock has run out starts again at 1. Answers the new count and the lock end.
   */
  async bump(key: string, now: number, windowMs: number): Promise<{ failures: number; lockedUntil: number }> {
    const stale = sql<boolean>`login_throttle.last_failure_at + ${windowMs} <= ${now} and login_throttle.locked_until <= ${now}`;
    const row = await this.db
      .insertInto('login_throttle')
      .values({ key, failures: 1, last_failure_at: now, locked_until: 0 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql<number>`case when ${stale} then 1 else login_throttle.failures + 1 end`,
          last_failure_at: now,
        }),
      )
      .returning(['failures', 'locked_until'])
      .executeTakeFirstOrThrow();
    return { failures: Number(row.failures), lockedUntil: Number(row.locked_until) };
  }

  async lock(key: string, until: number): Promise<void> {
    await this.db.updateTable('login_throttle').set({ locked_until: until }).where('key', '=', key).execute();
  }

  async delete(keys: string[]): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('key', 'in', keys).execute();
  }
}
