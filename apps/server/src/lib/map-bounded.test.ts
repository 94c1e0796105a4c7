import { describe, expect, it } from 'vitest';
import { mapBounded } from './map-bounded.js';

describe('mapBounded', () => {
  it('keeps the order and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const out = await mapBounded([5, 1, 4, 2, 3, 0], 2, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, n));
      running -= 1;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30, 0]);
    expect(most).toBe(2);
  });

  it('answers an empty list', async () => {
    expect(await mapBounded([], 4, async (n: number) => n)).toEqual([]);
  });
});
