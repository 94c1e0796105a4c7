import { describe, expect, it } from 'vitest';
import { countByState, toPoints } from './chart-points';

describe('job chart data', () => {
  it('turns {name, y} into labelled points', () => {
    expect(toPoints([{ name: 'running', y: 3 }], (n) => n.toUpperCase())).toEqual([{ name: 'RUNNING', value: 3 }]);
  });

  it('counts nodes per state, zero for the absent ones', () => {
    const counts = countByState([{ state: 'free' }, { state: 'busy' }, { state: 'free' }]);
    expect(counts).toMatchObject({ free: 2, busy: 1, mix: 0, down: 0, offline: 0, unknown: 0, exclusive: 0 });
  });
});
