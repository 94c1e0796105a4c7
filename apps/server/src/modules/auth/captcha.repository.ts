import type { Kysely } from 'kysely';
import type { CaptchaRow, Database } from '../../db/types.js';

/** Captcha challenges by key, with their answers (what a user types, lower-cased). */
export class CaptchaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a new challenge under the key, replacing any earlier one. */
  async put(id: string, answer: string, now: number, expiresAt: number): Promise<void> {
    const fresh = { answer, created_at: now, expires_at: expiresAt, verified_at: null };
    await this.db
      .insertInto('captchas')
      .values({ id, ...fresh })
      .onConflict((oc) => oc.column('id').doUpdateSet(fresh))
      .execute();
  }

  async deleteExpired(now: number): Promise<void> {
    await this.db.deleteFrom('captchas').where('expires_at', '<', now).execute();
  }

  /** Reads and removes a challenge in one statement, so two requests cannot both use one answer. */
  take(id: string): Promise<Pick<CaptchaRow, 'answer' | 'expires_at'> | undefined> {
    return this.db.deleteFrom('captchas').where('id', '=', id).returning(['answer', 'expires_at']).executeTakeFirst();
  }

  find(id: string): Promise<CaptchaRow | undefined> {
    return this.db.selectFrom('captchas').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async markVerified(id: string, at: number, expiresAt: number): Promise<void> {
    await this.db.updateTable('captchas').set({ verified_at: at, expires_at: expiresAt }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('captchas').where('id', '=', id).execute();
  }
}
