import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './reconnect-policy';

describe('reconnectDelay', () => {
  const grace = 60_000;

  it('backs off from half a second, doubling, up to five seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => reconnectDelay(n, 0, grace))).toEqual([500, 1000, 2000, 4000, 5000, 5000, 5000]);
  });

  it('makes a last try just before the grace period ends instead of waiting past it', () => {
    expect(reconnectDelay(8, 58_000, grace)).toBe(1_900);
    expect(reconnectDelay(8, 59_950, grace)).toBe(0);
  });

  it('gives up once the grace period is over', () => {
    expect(reconnectDelay(0, 60_000, grace)).toBeNull();
    expect(reconnectDelay(3, 75_000, grace)).toBeNull();
  });

  it('keeps trying for the whole grace period', () => {
    let t = 0;
    let attempt = 0;
    for (;;) {
      const wait = reconnectDelay(attempt++, t, grace);
      if (wait === null) break;
      t += wait + 50; // each try takes a moment
    }
    expect(t).toBeGreaterThanOrEqual(grace);
    expect(attempt).toBeLessThan(30);
  });
});
