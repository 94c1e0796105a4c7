import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isFutureDay } from '../time-range/date-range';
import { customRange, defaultInterval, presetRange, quarterStart, rangeDays, todayIn } from './report-range';

const on = (d: string) => dayjs(d);

describe('presetRange', () => {
  it('starts a quarter in month steps of three', () => {
    expect(presetRange('quarter', on('2026-01-01'))).toEqual({ from: '2026-01-01', to: '2026-01-01' });
    expect(presetRange('quarter', on('2026-03-31'))).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(presetRange('quarter', on('2026-05-15'))).toEqual({ from: '2026-04-01', to: '2026-05-15' });
    expect(presetRange('quarter', on('2026-09-30'))).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(presetRange('quarter', on('2026-11-26'))).toEqual({ from: '2026-10-01', to: '2026-11-26' });
    expect(quarterStart(on('2024-12-31')).format('YYYY-MM-DD')).toBe('2024-10-01');
  });

  it('counts three months back to the day after, across a year end and into a short month', () => {
    expect(presetRange('threeMonths', on('2026-11-26'))).toEqual({ from: '2026-08-27', to: '2026-11-26' });
    expect(presetRange('threeMonths', on('2026-02-10'))).toEqual({ from: '2025-11-11', to: '2026-02-10' });
    // 31 May less three months is 28 February (no 31st): the range starts on 1 March.
    expect(presetRange('threeMonths', on('2026-05-31'))).toEqual({ from: '2026-03-01', to: '2026-05-31' });
  });

  it('runs the year, month, week and day from their first day to today', () => {
    expect(presetRange('year', on('2026-11-26'))).toEqual({ from: '2026-01-01', to: '2026-11-26' });
    expect(presetRange('year', on('2024-01-01'))).toEqual({ from: '2024-01-01', to: '2024-01-01' });
    expect(presetRange('month', on('2026-02-28'))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    // 26 November 2026 is a Thursday; 29 November a Sunday (still the week that began on Monday 23rd).
    expect(presetRange('week', on('2026-11-26'))).toEqual({ from: '2026-11-23', to: '2026-11-26' });
    expect(presetRange('week', on('2026-11-29'))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetRange('week', on('2026-11-23'))).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(presetRange('day', on('2026-11-26'))).toEqual({ from: '2026-11-26', to: '2026-11-26' });
  });
});

describe('customRange', () => {
  const today = on('2026-11-26');
  it('keeps picked days, swaps a reversed pair and cuts days after today', () => {
    expect(customRange('2026-03-01', '2026-03-31', today)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(customRange('2026-03-31', '2026-03-01', today)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(customRange('2026-11-01', '2027-01-01', today)).toEqual({ from: '2026-11-01', to: '2026-11-26' });
  });
  it('reads an unreadable or missing day as today', () => {
    expect(customRange('yesterday', null, today)).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(customRange('2026-02-30x', '2026-11-20', today)).toEqual({ from: '2026-11-20', to: '2026-11-26' });
  });
});

describe('defaultInterval', () => {
  it('steps by day up to a month, by week up to half a year, by month beyond', () => {
    expect(rangeDays({ from: '2026-01-01', to: '2026-01-31' })).toBe(31);
    expect(defaultInterval({ from: '2026-01-01', to: '2026-01-01' })).toBe('day');
    expect(defaultInterval({ from: '2026-01-01', to: '2026-01-31' })).toBe('day');
    expect(defaultInterval({ from: '2026-01-01', to: '2026-02-01' })).toBe('week');
    expect(defaultInterval(presetRange('threeMonths', on('2026-11-26')))).toBe('week');
    expect(defaultInterval(presetRange('quarter', on('2026-12-31')))).toBe('week');
    expect(defaultInterval(presetRange('year', on('2026-11-26')))).toBe('month');
    expect(defaultInterval(presetRange('year', on('2026-02-01')))).toBe('week');
  });
});

describe('todayIn', () => {
  it('reads the day in the report time zone, not the browser’s', () => {
    const lateUtc = new Date('2026-11-26T20:30:00Z');
    expect(todayIn('Asia/Shanghai', lateUtc).format('YYYY-MM-DD')).toBe('2026-11-27');
    expect(todayIn('America/Los_Angeles', lateUtc).format('YYYY-MM-DD')).toBe('2026-11-26');
    expect(todayIn('UTC', new Date('2026-12-31T23:59:59Z')).format('YYYY-MM-DD')).toBe('2026-12-31');
    expect(todayIn('Not/AZone', lateUtc).isValid()).toBe(true);
  });
});

describe('today of the report zone, on a fixed clock', () => {
  // 20:00 UTC on New Year's Eve: already 2027-01-01 in Auckland (UTC+13), still 2026-12-31 in Los Angeles (UTC-8).
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-12-31T20:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('computes the presets from the zone’s day', () => {
    const auckland = todayIn('Pacific/Auckland');
    const losAngeles = todayIn('America/Los_Angeles');
    expect(presetRange('day', auckland)).toEqual({ from: '2027-01-01', to: '2027-01-01' });
    expect(presetRange('year', auckland)).toEqual({ from: '2027-01-01', to: '2027-01-01' });
    expect(presetRange('year', losAngeles)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(presetRange('week', losAngeles)).toEqual({ from: '2026-12-28', to: '2026-12-31' });
    expect(customRange('2026-12-01', '2027-01-05', losAngeles)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('lets the calendar pick the zone’s today, and no day after it', () => {
    const newYear = dayjs('2027-01-01');
    expect(isFutureDay(newYear, todayIn('Pacific/Auckland'))).toBe(false);
    expect(isFutureDay(newYear.add(1, 'day'), todayIn('Pacific/Auckland'))).toBe(true);
    expect(isFutureDay(newYear, todayIn('America/Los_Angeles'))).toBe(true);
    expect(isFutureDay(dayjs('2026-12-31'), todayIn('America/Los_Angeles'))).toBe(false);
  });
});
