import type { Kysely } from 'kysely';
import svgCaptcha from 'svg-captcha';
import type { Database } from '../../db/types.js';
import type { Clock } from '../../lib/time.js';

const TTL_MS = 5 * 60_000;
const VERIFIED_TTL_MS = 15 * 60_000;

/**
 * SVG captchas keyed by the registration's `rand` or the sign-in cookie. Each challenge answers
 * one check: a wrong answer discards it, so guessing needs a new image every time.
 */
export class CaptchaService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async create(key: string): Promise<string> {
    const { data, text } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true, background: '#f4f6fb' });
    const now = this.clock.now();
    const answer = text.toLowerCase();
    await this.db
      .insertInto('captchas')
      .values({ id: key, answer, created_at: now, expires_at: now + TTL_MS, verified_at: null })
      .onConflict((oc) => oc.column('id').doUpdateSet({ answer, created_at: now, expires_at: now + TTL_MS, verified_at: null }))
      .execute();
    if (Math.random() < 0.05) await this.db.deleteFrom('captchas').where('expires_at', '<', now).execute();
    return data;
  }

  /** Checks and discards the challenge (sign-in). */
  async consume(key: string, code: string): Promise<boolean> {
    // One statement reads and removes it, so two requests cannot both use one answer.
    const row = await this.db.deleteFrom('captchas').where('id', '=', key).returning(['answer', 'expires_at']).executeTakeFirst();
    return !!row && row.expires_at > this.clock.now() && row.answer === code.trim().toLowerCase();
  }

  /** Checks the challenge and, when right, marks it verified for a later registration. */
  async verify(key: string, code: string): Promise<boolean> {
    const row = await this.db.selectFrom('captchas').selectAll().where('id', '=', key).executeTakeFirst();
    const now = this.clock.now();
    if (!row || row.expires_at <= now || row.answer !== code.trim().toLowerCase()) {
      if (row) await this.db.deleteFrom('captchas').where('id', '=', key).execute();
      return false;
    }
    await this.db
      .updateTable('captchas')
      .set({ verified_at: now, expires_at: now + VERIFIED_TTL_MS })
      .where('id', '=', key)
      .execute();
    return true;
  }

  /** Whether the challenge was verified and is still valid. */
  async isVerified(key: string): Promise<boolean> {
    const row = await this.db.selectFrom('captchas').selectAll().where('id', '=', key).executeTakeFirst();
    return !!row && row.verified_at != null && row.expires_at > this.clock.now();
  }

  async discard(key: string): Promise<void> {
    await this.db.deleteFrom('captchas').where('id', '=', key).execute();
  }
}
