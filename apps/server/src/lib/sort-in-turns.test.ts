import { describe, expect, it } from 'vitest';
import { mapInTurns, sortInTurns } from './sort-in-turns.js';

const byNumber = (a: number, b: number) => a - b;

/** Numbers in a fixed pseudo-random order (a linear congruential generator). */
const scrambled = (n: number, seed = 7): number[] => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    out.push(seed % 1000);
  }
  return out;
};

describe('sortInTurns', () => {
  it('sorts as Array.prototype.sort does, for every length around its run size', async () => {
    for (const n of [0, 1, 2, 2047, 2048, 2049, 4096, 5000, 70_001]) {
      const items = scrambled(n);
      expect(await sortInTurns(items, byNumber)).toEqual([...items].sort(byNumber));
    }
  });

  it('keeps equal items in their order (stable) and leaves its input alone', async () => {
    const items = scrambled(10_000).map((key, at) => ({ key: key % 10, at }));
    const copy = items.map((i) => ({ ...i }));
    const sorted = await sortInTurns(items, (a, b) => a.key - b.key);
    expect(sorted).toEqual([...items].sort((a, b) => a.key - b.key || a.at - b.at));
    expect(items).toEqual(copy);
  });

  it('lets other work run while it sorts a big array', async () => {
    let ranAt: number | undefined;
    let sortedAt: number | undefined;
    let step = 0;
    setImmediate(() => (ranAt = ++step));
    await sortInTurns(scrambled(400_000), byNumber, 1).then(() => (sortedAt = ++step));
    expect(ranAt).toBe(1);
    expect(sortedAt).toBe(2);
  });
});

describe('mapInTurns', () => {
  it('maps every item in order', async () => {
    expect(await mapInTurns(scrambled(5000), (x) => x * 2)).toEqual(scrambled(5000).map((x) => x * 2));
  });
});
