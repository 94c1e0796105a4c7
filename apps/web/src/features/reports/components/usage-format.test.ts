import { describe, expect, it } from 'vitest';
import type { UsageRow } from '@portal/shared';
import { decimalBarOption } from '../../../components/charts/options';
import { sharePoints } from './usage-charts';
import { chartHours, formatHours } from '../../../components/usage/usage-format';

describe('usage figures', () => {
  it('shows seconds as hours with two decimals, 0.00 for none, M and B above a million', () => {
    expect(formatHours(0)).toBe('0.00');
    expect(formatHours(1)).toBe('0.00');
    expect(formatHours(5400)).toBe('1.50');
    expect(formatHours(3600 * 2_500_000)).toBe('2.50M');
    expect(formatHours(3600 * 3_210_000_000)).toBe('3.21B');
    expect(formatHours(3600 * 2_500_000, { billion: '十亿', million: '百万' })).toBe('2.50百万');
    expect(chartHours(3601)).toBe(1);
    expect(chartHours(5400)).toBe(1.5);
  });

  it('adds an "others" slice with what the listed rows leave of the total', () => {
    const rows: UsageRow[] = [
      { key: 'alice', jobs: 2, coreSeconds: 7200, cardSeconds: 0 },
      { key: '', jobs: 1, coreSeconds: 3600, cardSeconds: 0 },
    ];
    const labels = { none: '(none)', others: 'Others' };
    expect(sharePoints(rows, 14400, labels)).toEqual([
      { name: 'alice', value: 2 },
      { name: '(none)', value: 1 },
      { name: 'Others', value: 1 },
    ]);
    expect(sharePoints(rows, 10800, labels)).toHaveLength(2);
  });
});

describe('top bars', () => {
  it('keep fractions of an hour on the y axis and only the N largest', () => {
    const points = Array.from({ length: 7 }, (_, i) => ({ name: `u${i}`, value: (i + 1) / 100 }));
    const option = decimalBarOption(points, 'Core-hours', 5);
    expect(option.yAxis).toEqual({ type: 'value' });
    expect(option.series).toMatchObject([{ type: 'bar', data: [0.07, 0.06, 0.05, 0.04, 0.03] }]);
  });
});
