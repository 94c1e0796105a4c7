import { describe, expect, it } from 'vitest';
import { expandOutputPath } from './output-path.js';

describe('Slurm output paths', () => {
  it('expands output patterns as Slurm does for a batch job', () => {
    const n = { jobId: '25', arrayJobId: '24', arrayTaskId: '1', name: 'arr', user: 'alice', node: 'cn01' };
    expect(expandOutputPath('/w/%x-%j.out', '/w', n)).toBe('/w/arr-25.out');
    expect(expandOutputPath('%A_%a.%u.%N.out', '/w/', n)).toBe('/w/24_1.alice.cn01.out');
    expect(expandOutputPath('/w/%5j-100%%.out', '/w', n)).toBe('/w/00025-100%.out');
    expect(expandOutputPath('/w/%a.out', '/w', { jobId: '7', name: 'x', user: 'u' })).toBe('/w/4294967294.out');
    expect(expandOutputPath('/w/slurm-7.out', '/w', n)).toBe('/w/slurm-7.out');
  });
});
