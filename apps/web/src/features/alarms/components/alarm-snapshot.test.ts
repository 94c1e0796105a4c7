import { describe, expect, it } from 'vitest';
import { alarmDetails, alarmItem } from '../test/alarm-list-fixtures';
import { niceCeil, pointsMax, snapshotOption, type SnapshotTexts } from './alarm-snapshot';

const TEXTS: SnapshotTexts = {
  format: (v) => `${v}u`,
  timeLabel: (ms) => new Date(ms).toISOString(),
  raised: 'Raised',
  recovered: 'Recovered',
  threshold: (v) => `Threshold ${v}`,
};

/** The parts of the option the chart's marks are read from. */
interface Marks {
  xAxis?: { min?: number; max?: number };
  yAxis?: { max?: unknown; min?: unknown };
  series?: { type?: string; data?: unknown[]; markLine?: { data?: { xAxis?: number; yAxis?: number; name?: string }[] } }[];
}

const marksOf = (option: object): Marks => option;

describe('the snapshot chart', () => {
  it('draws the metric an hour either side, marking the raise, the recovery and the threshold', () => {
    const alarm = alarmItem({ recoveryTime: '2026-03-01T10:30:00.000Z' });
    const details = alarmDetails(alarm, [2, 2, null, 1, 1, 2]);
    const option = marksOf(snapshotOption(details, TEXTS));
    expect(option.xAxis).toMatchObject({ min: Date.parse('2026-03-01T09:00:00Z'), max: Date.parse('2026-03-01T11:00:00Z') });
    const [line] = option.series ?? [];
    expect(line?.type).toBe('line');
    expect(line?.data).toHaveLength(6);
    expect(line?.markLine?.data).toEqual([
      expect.objectContaining({ xAxis: Date.parse('2026-03-01T10:00:00Z'), name: 'Raised' }),
      expect.objectContaining({ xAxis: Date.parse('2026-03-01T10:30:00Z'), name: 'Recovered' }),
      expect.objectContaining({ yAxis: 2, name: 'Threshold 2u' }),
    ]);
    // The values reach the threshold: the axis is ECharts' own.
    expect(option.yAxis?.max).toBeUndefined();
  });

  it('leaves out a recovery after the snapshot, and stretches the axis to a threshold above every value', () => {
    const alarm = alarmItem({
      alarmCondition: 'out',
      threshold: '3..40',
      recoveryTime: '2026-03-01T12:00:00.000Z',
    });
    const option = marksOf(snapshotOption(alarmDetails(alarm, [1, 2]), TEXTS));
    const names = option.series?.[0]?.markLine?.data?.map((m) => m.name);
    expect(names).toEqual(['Raised', 'Threshold 3u', 'Threshold 40u']);
    expect(option.yAxis?.max).toBe(50);
  });

  it('marks no threshold for a no-data alarm', () => {
    const alarm = alarmItem({ kind: 'noData', alarmCondition: null, threshold: '' });
    const option = marksOf(snapshotOption(alarmDetails(alarm, [null, null]), TEXTS));
    expect(option.series?.[0]?.markLine?.data?.map((m) => m.name)).toEqual(['Raised']);
  });

  it('rounds an axis top up to 1, 2 or 5 times a power of ten', () => {
    expect(niceCeil(40)).toBe(50);
    expect(niceCeil(1)).toBe(1);
    expect(niceCeil(101)).toBe(200);
    expect(niceCeil(0.03)).toBe(0.05);
    expect(pointsMax([{ time: 1, value: null }])).toBeUndefined();
    expect(
      pointsMax([
        { time: 1, value: 3 },
        { time: 2, value: 7 },
      ]),
    ).toBe(7);
  });
});
