import { describe, expect, it } from 'vitest';
import { barOption, barValue, hasData, topN, truncateLabel } from './options';

describe('chart options', () => {
  it('cuts bar axis labels after five characters', () => {
    expect(truncateLabel('debug')).toBe('debug');
    expect(truncateLabel('compute')).toBe('compu...');
    expect(truncateLabel('计算队列一号')).toBe('计算队列一...');
  });

  it('draws zero bars as 0.01', () => {
    expect(barValue(0)).toBe(0.01);
    expect(barValue(3)).toBe(3);
  });

  it('keeps the five largest, largest first', () => {
    const points = [1, 7, 3, 9, 0, 5, 2].map((value, i) => ({ name: `q${i}`, value }));
    expect(topN(points).map((p) => p.value)).toEqual([9, 7, 5, 3, 2]);
  });

  it('gives an empty bar chart a 0-5 axis and knows when there is nothing to draw', () => {
    const option = barOption([], { seriesName: 'jobs' });
    expect(option.yAxis).toMatchObject({ min: 0, max: 5 });
    expect(hasData([{ name: 'a', value: 0 }])).toBe(false);
    expect(hasData([{ name: 'a', value: 1 }])).toBe(true);
  });

  it('uses bars 30 wide', () => {
    const option = barOption([{ name: 'a', value: 2 }], { seriesName: 'jobs' });
    expect(option.series).toEqual([expect.objectContaining({ barWidth: 30, data: [2] })]);
  });
});
