import { describe, expect, it } from 'vitest';
import { layoutRack } from './rack-layout';

const rack = (items: { name: string; position: number | null; height: number | null }[]) => ({
  name: 'r',
  room: null,
  units: 42,
  assetId: 1,
  items: items.map((i, n) => ({ ...i, id: n + 1, type: 'SERVER' as const })),
});

describe('layoutRack', () => {
  it('places items by position and height, and keeps those without a position apart', () => {
    const { placed, unplaced } = layoutRack(
      rack([
        { name: 'a', position: 1, height: 2 },
        { name: 'b', position: 3, height: null },
        { name: 'c', position: null, height: 1 },
      ]),
    );
    expect(placed.map((p) => [p.name, p.position, p.units, p.clash])).toEqual([
      ['a', 1, 2, false],
      ['b', 3, 1, false],
    ]);
    expect(unplaced.map((u) => u.name)).toEqual(['c']);
  });

  it('marks items that share a unit or reach past the top', () => {
    const { placed } = layoutRack(
      rack([
        { name: 'a', position: 10, height: 2 },
        { name: 'b', position: 11, height: 1 },
        { name: 'c', position: 42, height: 2 },
        { name: 'd', position: 20, height: 1 },
      ]),
    );
    expect(placed.map((p) => [p.name, p.clash])).toEqual([
      ['a', true],
      ['b', true],
      ['c', true],
      ['d', false],
    ]);
  });
});
