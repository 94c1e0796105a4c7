import { describe, expect, it } from 'vitest';
import { QUOTA_LIMIT_MAX, SetQuotaBody, type QuotaItem } from '@portal/shared';
import { limitProblem, toQuotaBody, valuesOf } from './quota-form-model';

describe('the quota form', () => {
  it('shows no limit as a blank field and a limit as its number', () => {
    expect(valuesOf(undefined)).toEqual({ coreHoursLimit: '', cardHoursLimit: '', maxRunningJobs: '' });
    const q: QuotaItem = {
      accountName: 'phys',
      userName: '',
      coreHoursLimit: 100,
      cardHoursLimit: null,
      maxRunningJobs: 0,
      coreSecondsUsed: 0,
      cardSecondsUsed: 0,
      coreSecondsReserved: 0,
      cardSecondsReserved: 0,
      runningJobs: 0,
      updatedAt: '2026-03-01T08:00:00.000Z',
      updatedBy: 'admin',
    };
    expect(valuesOf(q)).toEqual({ coreHoursLimit: '100', cardHoursLimit: '', maxRunningJobs: '0' });
  });

  it('accepts whole numbers up to the largest limit, and blank', () => {
    expect(limitProblem('')).toBeNull();
    expect(limitProblem(' 0 ')).toBeNull();
    expect(limitProblem(String(QUOTA_LIMIT_MAX))).toBeNull();
    expect(limitProblem(String(QUOTA_LIMIT_MAX + 1))).toBe('tooLarge');
    expect(limitProblem('1.5')).toBe('digits');
    expect(limitProblem('-3')).toBe('digits');
    expect(limitProblem('ten')).toBe('digits');
  });

  it("sends blank as no limit, a member's name only for a member, and passes the contract", () => {
    const account = toQuotaBody({ accountName: 'phys' }, { coreHoursLimit: '100', cardHoursLimit: '', maxRunningJobs: ' 4 ' });
    expect(account).toEqual({ accountName: 'phys', coreHoursLimit: 100, cardHoursLimit: null, maxRunningJobs: 4 });
    expect(SetQuotaBody.parse(account)).toMatchObject({ coreHoursLimit: 100, cardHoursLimit: null, maxRunningJobs: 4 });
    const member = toQuotaBody(
      { accountName: 'phys', userName: 'bob' },
      { coreHoursLimit: '', cardHoursLimit: '8', maxRunningJobs: '' },
    );
    expect(SetQuotaBody.parse(member)).toMatchObject({ userName: 'bob', coreHoursLimit: null, cardHoursLimit: 8 });
  });
});
