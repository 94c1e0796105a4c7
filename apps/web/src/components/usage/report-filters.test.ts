import { describe, expect, it } from 'vitest';
import { filterParams, filterProblem, hasFilters, NO_FILTERS, readFilters, writeFilters } from './report-filters';

describe('report filters in the address', () => {
  it('read cluster, account, queue and user, and write them back under the same names', () => {
    const params = new URLSearchParams('cluster=hpc-a&account=lattice&queue=gpu&user=lin');
    const f = readFilters(params, { user: true });
    expect(f).toEqual({ clusterId: 'hpc-a', account: 'lattice', queue: 'gpu', user: 'lin' });
    expect(writeFilters(new URLSearchParams(), f).toString()).toBe('cluster=hpc-a&account=lattice&queue=gpu&user=lin');
    expect(filterParams(f)).toEqual({ clusterId: 'hpc-a', account: 'lattice', queue: 'gpu', user: 'lin' });
    expect(hasFilters(f)).toBe(true);
  });

  it('leave unset filters out of the address and the query', () => {
    const f = readFilters(new URLSearchParams('account=lattice&queue='), { user: true });
    expect(f).toEqual({ ...NO_FILTERS, account: 'lattice' });
    expect(writeFilters(new URLSearchParams(), f).toString()).toBe('account=lattice');
    expect(filterParams(f)).toEqual({ account: 'lattice' });
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(filterParams(NO_FILTERS)).toEqual({});
  });

  it('drop what the API would refuse, and the user where the page offers no user filter', () => {
    const long = 'x'.repeat(65);
    const params = new URLSearchParams({ cluster: 'a b', account: long, queue: ' gpu ', user: 'lin' });
    expect(readFilters(params, { user: true })).toEqual({ clusterId: '', account: '', queue: 'gpu', user: 'lin' });
    expect(readFilters(params, { user: false }).user).toBe('');
  });

  it('say why a typed user name is not a filter', () => {
    expect(filterProblem('')).toBeNull();
    expect(filterProblem(' lin ')).toBeNull();
    expect(filterProblem('x'.repeat(64))).toBeNull();
    expect(filterProblem('x'.repeat(65))).toBe('tooLong');
    expect(filterProblem('li n')).toBe('invalid');
  });
});
