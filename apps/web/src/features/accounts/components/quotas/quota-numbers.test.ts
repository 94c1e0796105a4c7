import { describe, expect, it } from 'vitest';
import type { QuotaItem } from '@portal/shared';
import { formatHours, meterState, metersOf, percentOf } from './quota-numbers';

const quota = (over: Partial<QuotaItem>): QuotaItem => ({
  accountName: 'phys',
  userName: '',
  coreHoursLimit: 100,
  cardHoursLimit: null,
  maxRunningJobs: 4,
  coreSecondsUsed: 45_000,
  cardSecondsUsed: 0,
  coreSecondsReserved: 14_400,
  cardSecondsReserved: 0,
  runningJobs: 2,
  updatedAt: '2026-03-01T08:00:00.000Z',
  updatedBy: 'admin',
  ...over,
});

describe('quota meters', () => {
  it('turn core-seconds into hours and keep no limit as null', () => {
    const m = metersOf(quota({}));
    expect(m.coreHours).toEqual({ used: 12.5, reserved: 4, limit: 100 });
    expect(m.cardHours.limit).toBeNull();
    expect(m.runningJobs).toEqual({ used: 2, reserved: 0, limit: 4 });
    expect(formatHours(m.coreHours.used)).toBe('12.50');
    expect(formatHours(m.coreHours.reserved)).toBe('4.00');
  });

  it('say when the limit is near (with what is reserved) and when it is reached', () => {
    expect(meterState({ used: 12.5, reserved: 4, limit: 100 })).toBe('ok');
    expect(meterState({ used: 90, reserved: 10, limit: 100 })).toBe('near');
    expect(meterState({ used: 100, reserved: 0, limit: 100 })).toBe('over');
    expect(meterState({ used: 0, reserved: 0, limit: 0 })).toBe('over');
    expect(meterState({ used: 1e9, reserved: 0, limit: null })).toBe('ok');
  });

  it('fill the bar in proportion, never past full', () => {
    expect(percentOf(12.5, 100)).toBe(12.5);
    expect(percentOf(150, 100)).toBe(100);
    expect(percentOf(0, 0)).toBe(100);
  });
});
