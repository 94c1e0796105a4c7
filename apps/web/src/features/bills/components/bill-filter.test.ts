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
});
