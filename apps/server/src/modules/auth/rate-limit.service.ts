import { ErrCode } from '@portal/shared';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/time.js';

/** A limit: at most `max` calls per client address in each window of `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Drop finished windows once this many addresses are remembered (a sweep, not a timer). */
const SWEEP_AT = 10_000;

/**
 * Counts anonymous calls per client address in fixed windows. Kept in memory, unlike sign-in
 * failures (login_throttle): a count that a restart forgets only grants one more window, while a
 * lock must outlive a restart.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { endsAt: number; count: number }>();

  constructor(private readonly clock: Clock) {}

  /** Counts one call of `bucket` from `client`; throws 429 (reason tooManyRequests) beyond the limit. */
  take(bucket: string, client: string, limit: RateLimit): void {
    const now = this.clock.now();
    if (this.windows.size >= SWEEP_AT) this.sweep(now);
    const key = `${bucket}:${client}`;
    let w = this.windows.get(key);
    if (!w || w.endsAt <= now) {
      w = { endsAt: now + limit.windowMs, count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    if (w.count > limit.max) {
      const retryAfterSeconds = Math.max(1, Math.ceil((w.endsAt - now) / 1000));
      throw new AppError(
        ErrCode.NO_INTERFACE_PERMISSION,
        'tooManyRequests',
        `Too many requests: try again in ${retryAfterSeconds} s`,
        {
          status: 429,
          extra: { retryAfterSeconds },
        },
      );
    }
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.endsAt <= now) this.windows.delete(key);
  }
}
