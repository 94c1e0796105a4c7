import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { scopesFor } from '../../../components/usage/report-scopes';
import { dimensionsFor, readReportState, writeReportState } from './report-state';

const today = dayjs('2026-11-26');
const admin = { all: true, accounts: false };
const user = { all: false, accounts: false };
const pi = { all: false, accounts: true };
const read = (q: string, rights = user) => readReportState(new URLSearchParams(q), rights, today);

describe('report state in the address', () => {
  it('defaults to this month, Everyone for those who may read all, else Mine', () => {
    expect(read('', admin)).toMatchObject({ kind: 'month', scope: 'all', dimension: 'user', interval: 'day', page: 1 });
    expect(read('', user)).toMatchObject({ scope: 'mine', dimension: 'account' });
    expect(read('').range).toEqual({ from: '2026-11-01', to: '2026-11-26' });
  });

  it('refuses scopes the user may not choose', () => {
    expect(read('scope=all', user).scope).toBe('mine');
    expect(read('scope=accounts', user).scope).toBe('mine');
    expect(read('scope=accounts', pi).scope).toBe('accounts');
    expect(scopesFor(user)).toEqual(['mine']);
    expect(scopesFor({ all: true, accounts: true })).toEqual(['mine', 'accounts', 'all']);
  });

  it('offers no user, company or department dimension for one’s own jobs', () => {
    expect(dimensionsFor('mine')).not.toContain('user');
    expect(dimensionsFor('mine')).not.toContain('company');
    expect(dimensionsFor('accounts')).toContain('user');
    expect(dimensionsFor('all')).toHaveLength(6);
    expect(read('by=user', user).dimension).toBe('account');
  });

  it('survives a round trip, custom days included', () => {
    const s = read(
      'range=custom&from=2026-01-05&to=2026-03-20&scope=all&by=queue&interval=month&sort=jobs&page=3&size=50',
      admin,
    );
    expect(s).toMatchObject({
      kind: 'custom',
      range: { from: '2026-01-05', to: '2026-03-20' },
      dimension: 'queue',
      interval: 'month',
      sortBy: 'jobs',
      page: 3,
      pageSize: 50,
    });
    expect(readReportState(writeReportState(s), admin, today)).toEqual(s);
  });

  it('keeps the filters in the address, and no user filter under Mine', () => {
    const s = read('scope=all&cluster=hpc-a&account=lattice&queue=gpu&user=lin', admin);
    expect(s.filters).toEqual({ clusterId: 'hpc-a', account: 'lattice', queue: 'gpu', user: 'lin' });
    const address = writeReportState(s);
    expect(address.get('cluster')).toBe('hpc-a');
    expect(address.get('user')).toBe('lin');
    expect(readReportState(address, admin, today)).toEqual(s);
    expect(read('scope=mine&account=lattice&user=lin', admin).filters).toEqual({
      clusterId: '',
      account: 'lattice',
      queue: '',
      user: '',
    });
    expect(writeReportState({ ...s, filters: { clusterId: '', account: '', queue: '', user: '' } }).has('cluster')).toBe(false);
  });

  it('replaces unknown values with defaults', () => {
    expect(read('range=decade&page=-2&size=7&sort=name&interval=hour')).toMatchObject({
      kind: 'month',
      page: 1,
      pageSize: 25,
      sortBy: 'coreSeconds',
      interval: 'day',
    });
  });
});
