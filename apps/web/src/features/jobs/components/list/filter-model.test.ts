import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { statesOf, toCriteria } from './filter-model';

describe('job filters', () => {
  it('turn status names into state letters', () => {
    expect(statesOf(['running'])).toBe('R');
    expect(statesOf(['queue', 'hold'])).toBe('Q,H,W');
    expect(statesOf(['other'])).toBe('E,C,X');
    expect(statesOf([])).toBeUndefined();
  });

  it('drop empty fields and trim text', () => {
    expect(toCriteria({ name: '  ', jobId: ' 42 ', queue: '' })).toEqual({
      state: undefined,
      queue: undefined,
      name: undefined,
      jobId: '42',
      user: undefined,
      startTime: undefined,
      endTime: undefined,
    });
  });

  it('send a day range from 00:00:00 to 23:59:59', () => {
    const c = toCriteria({ range: [dayjs('2026-01-05'), dayjs('2026-01-06')] });
    expect(dayjs(c.startTime).format('HH:mm:ss')).toBe('00:00:00');
    expect(dayjs(c.endTime).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-01-06 23:59:59');
  });
});
