import { describe, expect, it } from 'vitest';
import {
  barOption,
  barValue,
  firstValueTime,
  hasData,
  openingZoomStart,
  topOnStep,
  timeLineOption,
  topN,
  truncateLabel,
} from './options';

/** Calls an option's formatter function (the option types allow strings there too). */
const callFormatter = (holder: unknown, arg: unknown): unknown => {
  if (holder && typeof holder === 'object' && 'formatter' in holder && typeof holder.formatter === 'function')
    return Reflect.apply(holder.formatter, undefined, [arg]);
  throw new Error('no formatter function');
};

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

  it('draws lines over time that break at missing values, with formatted values', () => {
    const option = timeLineOption(
      [
        {
          name: 'gv1',
          points: [
            [0, 1],
            [1000, null],
            [2000, 3],
          ],
        },
        { name: 'gv2', points: [] },
      ],
      { format: (v) => `${v} B`, timeLabel: (ms) => `t${ms}`, min: 0, max: 5000 },
    );
    expect(option.xAxis).toMatchObject({ type: 'time', min: 0, max: 5000 });
    expect(option.series).toEqual([
      expect.objectContaining({
        type: 'line',
        name: 'gv1',
        connectNulls: false,
        showSymbol: true,
        data: [
          [0, 1],
          [1000, null],
          [2000, 3],
        ],
      }),
      expect.objectContaining({ name: 'gv2', data: [] }),
    ]);
    expect(
      callFormatter(option.tooltip, [
        { seriesName: 'gv1', marker: '', value: [1000, 2] },
        { seriesName: '<b>', marker: '', value: [1000, null] },
      ]),
    ).toBe('t1000<br/>gv1: 2 B<br/>&lt;b&gt;: -');
    const yAxis = Array.isArray(option.yAxis) ? option.yAxis[0] : option.yAxis;
    expect(callFormatter(yAxis?.axisLabel, 5)).toBe('5 B');
  });

  it('opens the zoom on the part of the range from the first value on', () => {
    const lines = [
      {
        name: 'a',
        points: [
          [0, null],
          [1000, null],
          [2000, 5],
        ] as const,
      },
      {
        name: 'b',
        points: [
          [0, null],
          [1000, 7],
        ] as const,
      },
    ];
    expect(firstValueTime(lines)).toBe(1000);
    expect(firstValueTime([{ name: 'c', points: [[0, null]] as const }])).toBeUndefined();
    const zoom = (min: number) => {
      const dataZoom = timeLineOption(lines, { format: String, timeLabel: String, min }).dataZoom;
      return Array.isArray(dataZoom) ? dataZoom[0] : dataZoom;
    };
    expect(zoom(0)).toMatchObject({ type: 'slider', startValue: 1000, filterMode: 'none' });
    expect(zoom(1000)).not.toHaveProperty('startValue');
  });

  it('opens the zoom at least a given span before the end', () => {
    expect(openingZoomStart(9_000, 0, 10_000, 3_000)).toBe(7_000);
    expect(openingZoomStart(2_000, 0, 10_000, 3_000)).toBe(2_000);
    expect(openingZoomStart(9_000, 0, 10_000, 20_000)).toBeUndefined();
    expect(openingZoomStart(undefined, 0, 10_000, 0)).toBeUndefined();
  });

  it('puts the top of a fixed-step axis on a step', () => {
    expect(topOnStep(100)({ max: 340 })).toBe(400);
    expect(topOnStep(100)({ max: 300 })).toBe(300);
    expect(topOnStep(100)({ max: 0 })).toBe(100);
  });
});
