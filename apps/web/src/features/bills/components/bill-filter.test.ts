import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { filterQuery, readBillFilter, writeBillFilter } from './bill-filter';

const today = dayjs('2026-11-26');
const user = { all: false, accounts: true };

describe('the bill filter in the address', () => {
  it("defaults to this month, one's own jobs, by month", () => {
    const s = readBillFilter(new URLSearchParams(), user, today);
    expect(s.range).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(s.scope).toBe('mine');
    expect(s.groupBy).toBe('month');
    expect(filterQuery(s)).toEqual({ from: '2026-11-01', to: '2026-11-26', scope: 'mine' });
  });

  it('keeps filters and a bill through a round trip, and drops scopes not allowed', () => {
    const params = new URLSearchParams(
      'range=custom&from=2026-10-01&to=2026-10-31&scope=all&account=proj&by=user&billId=7&page=2',
    );
    const s = readBillFilter(params, user, today);
    expect(s.scope).toBe('mine');
    expect(s.billId).toBe('7');
    expect(filterQuery(s)).toEqual({ from: '2026-10-01', to: '2026-10-31', scope: 'mine', account: 'proj' });
    expect(readBillFilter(writeBillFilter(s), user, today)).toEqual(s);
  });

  it('keeps the cluster and, beyond "Mine", the user', () => {
    const params = new URLSearchParams('scope=accounts&cluster=hpc-a&queue=gpu&user=lin');
    const s = readBillFilter(params, user, today);
    expect(s.filters).toEqual({ clusterId: 'hpc-a', account: '', queue: 'gpu', user: 'lin' });
    expect(filterQuery(s)).toMatchObject({ scope: 'accounts', clusterId: 'hpc-a', queue: 'gpu', user: 'lin' });
    expect(writeBillFilter(s).toString()).toContain('cluster=hpc-a');
    // Under "Mine" the user filter is not offered, so an address's user does not count either.
    expect(readBillFilter(new URLSearchParams('scope=mine&user=lin'), user, today).filters.user).toBe('');
  });
});
