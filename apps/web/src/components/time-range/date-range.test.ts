import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dayRangeToIso, isFutureDay } from './date-range';

describe('day ranges', () => {
  it('run from the start of the first day to the end of the last', () => {
    const { startTime, endTime } = dayRangeToIso([dayjs('2026-03-01T15:20:00'), dayjs('2026-03-02T08:00:00')]);
    expect(dayjs(startTime).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-03-01 00:00:00');
    expect(dayjs(endTime).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-03-02 23:59:59');
  });

  it('leave an open end open', () => {
    expect(dayRangeToIso([dayjs('2026-03-01'), null]).endTime).toBeUndefined();
    expect(dayRangeToIso(null)).toEqual({ startTime: undefined, endTime: undefined });
  });

  it('refuse future days but not today', () => {
    expect(isFutureDay(dayjs())).toBe(false);
    expect(isFutureDay(dayjs().add(1, 'day'))).toBe(true);
  });
});
