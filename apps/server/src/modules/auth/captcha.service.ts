import svgCaptcha from 'svg-captcha';
import type { Clock } from '../../lib/time.js';
import type { CaptchaRepository } from './captcha.repository.js';

const TTL_MS = 5 * 60_000;
const VERIFIED_TTL_MS = 15 * 60_000;

/**
 * SVG captchas keyed by the registration's `rand` or the sign-in cookie. Each challenge answers
 * one check: a wrong answer discards it, so guessing needs a new image every time.
 */
export class CaptchaService {
  constructor(
    private readonly repo: CaptchaRepository,
    private readonly clock: Clock,
  ) {}

  async create(key: string): Promise<string> {
    const { data, text } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true, background: '#f4f6fb' });
    const now = this.clock.now();
    const answer = text.toLowerCase();
    await this.repo.put(key, answer, now, now + TTL_MS);
    // Now and then, not on every image: old challenges are only clutter.
    if (Math.random() < 0.05) await this.repo.deleteExpired(now);
    return data;
  }

  /** Checks and discards the challenge (sign-in). */
  async consume(key: string, code: string): Promise<boolean> {
    const row = await this.repo.take(key);
    return !!row && row.expires_at > this.clock.now() && row.answer === code.trim().toLowerCase();
  }

  /** Checks the challenge and, when right, marks it verified for a later registration. */
  async verify(key: string, code: string): Promise<boolean> {
    const row = await this.repo.find(key);
    const now = this.clock.now();
    if (!row || row.expires_at <= now || row.answer !== code.trim().toLowerCase()) {
      if (row) await this.repo.delete(key);
      return false;
    }
    await this.repo.markVerified(key, now, now + VERIFIED_TTL_MS);
    return true;
  }

  /** Whether the challenge was verified and is still valid. */
  async isVerified(key: string): Promise<boolean> {
    const row = await this.repo.find(key);
    return !!row && row.verified_at != null && row.expires_at > this.clock.now();
  }

  async discard(key: string): Promise<void> {
    await this.repo.delete(key);
  }
}
