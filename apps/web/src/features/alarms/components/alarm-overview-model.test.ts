import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { TrendBucket } from '@portal/shared';
import {
  bucketLabel,
  metricPoints,
  NON_LEVEL_COLORS,
  rangeOf,
  rangeQuery,
  resourcePoints,
  severityTotals,
  trendOption,
  zoneDateTime,
  zoneDayStart,
} from './alarm-overview-model';
import { severityLineColor } from './alarm-severity';

/** Calls an option's formatter function (the option types allow strings there too). */
const callFormatter = (holder: unknown, arg: unknown): unknown => {
  if (holder && typeof holder === 'object' && 'formatter' in holder && typeof holder.formatter === 'function')
    return Reflect.apply(holder.formatter, undefined, [arg]);
  throw new Error('no formatter function');
};

/** A series' colour, if it has one. */
const colorOf = (series: unknown): unknown =>
  series && typeof series === 'object' && 'itemStyle' in series && series.itemStyle && typeof series.itemStyle === 'object'
    ? Reflect.get(series.itemStyle, 'color')
    : undefined;

const bucket = (time: string, counts: Partial<Record<'warning' | 'minor' | 'major' | 'critical', number>>): TrendBucket => {
  const b = { warning: 0, minor: 0, major: 0, critical: 0, ...counts };
  return { time, ...b, total: b.warning + b.minor + b.major + b.critical };
};

describe('zoneDayStart', () => {
  it('finds midnight in the zone days are counted in', () => {
    expect(new Date(zoneDayStart('2026-03-10', 'Asia/Kathmandu')).toISOString()).toBe('2026-03-09T18:15:00.000Z');
    expect(new Date(zoneDayStart('2026-03-10', 'UTC')).toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(new Date(zoneDayStart('2026-03-10', 'America/New_York')).toISOString()).toBe('2026-03-10T04:00:00.000Z');
  });

  it('follows a change of time: New York moves its clocks on 8 March 2026', () => {
    expect(new Date(zoneDayStart('2026-03-08', 'America/New_York')).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(zoneDayStart('2026-03-09', 'America/New_York')).toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  it("falls back to the browser's zone when the zone is unknown or not named", () => {
    const local = dayjs('2026-03-10').startOf('day').valueOf();
    expect(zoneDayStart('2026-03-10', undefined)).toBe(local);
    expect(zoneDayStart('2026-03-10', 'Not/AZone')).toBe(local);
  });
});

describe('rangeQuery', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');

  it('asks for no range in the last-day view: the server takes the last 24 hours', () => {
    expect(rangeQuery('lastDay', { from: '2026-03-01', to: '2026-03-10' }, 'UTC', now)).toEqual({});
  });

  it("runs from the first day's midnight to the last day's end in the server's zone", () => {
    expect(rangeQuery('trend', { from: '2026-03-01', to: '2026-03-05' }, 'Asia/Kathmandu', now)).toEqual({
      startTime: '2026-02-28T18:15:00.000Z',
      endTime: '2026-03-05T18:14:59.999Z',
    });
  });

  it('ends now when the range reaches today (no future)', () => {
    expect(rangeQuery('trend', { from: '2026-03-10', to: '2026-03-10' }, 'UTC', now)).toEqual({
      startTime: '2026-03-10T00:00:00.000Z',
      endTime: '2026-03-10T12:00:00.000Z',
    });
  });
});

describe('rangeOf', () => {
  const today = dayjs('2026-03-11');
  it('takes a preset ending today, or the days picked', () => {
    expect(rangeOf('week', { from: '2026-01-01', to: '2026-01-02' }, today)).toEqual({ from: '2026-03-09', to: '2026-03-11' });
    expect(rangeOf('quarter', { from: '2026-01-01', to: '2026-01-02' }, today)).toEqual({ from: '2026-01-01', to: '2026-03-11' });
    expect(rangeOf('custom', { from: '2026-01-01', to: '2026-01-02' }, today)).toEqual({ from: '2026-01-01', to: '2026-01-02' });
  });
});

describe('severityTotals', () => {
  it('adds the buckets up by level', () => {
    expect(
      severityTotals([bucket('2026-03-10T00:00:00Z', { warning: 2, critical: 1 }), bucket('2026-03-10T01:00:00Z', { minor: 3 })]),
    ).toEqual({ warning: 2, minor: 3, major: 0, critical: 1, total: 6 });
    expect(severityTotals([])).toEqual({ warning: 0, minor: 0, major: 0, critical: 0, total: 0 });
  });
});

describe('labels', () => {
  it('writes hours and days in the zone days are counted in', () => {
    expect(bucketLabel('2026-03-09T18:15:00.000Z', 'day', 'Asia/Kathmandu')).toBe('2026-03-10');
    expect(bucketLabel('2026-03-10T05:00:00.000Z', 'hour', 'Asia/Kathmandu')).toBe('03-10 10:45');
    expect(zoneDateTime('2026-03-10T05:00:07.000Z', 'UTC')).toBe('2026-03-10 05:00:07');
  });
});

describe('trendOption', () => {
  const names = { warning: 'Warning', minor: 'Minor', major: 'Major', critical: 'Critical' } as const;
  const option = (list: TrendBucket[]) =>
    trendOption(list, { interval: 'hour', timeZone: 'UTC', severityName: (s) => names[s], totalName: 'Total' });

  it('stacks a bar per level in the alarm colours, most severe on top and first in the legend', () => {
    const o = option([bucket('2026-03-10T00:00:00Z', { warning: 2 }), bucket('2026-03-10T01:00:00Z', { critical: 1 })]);
    const series = Array.isArray(o.series) ? o.series : [];
    expect(series.map((s) => s.name)).toEqual(['Warning', 'Minor', 'Major', 'Critical']);
    expect(series.every((s) => s.type === 'bar' && s.stack === 'alarms')).toBe(true);
    expect(series.map(colorOf)).toEqual((['warning', 'minor', 'major', 'critical'] as const).map(severityLineColor));
    expect(series[0]?.data).toEqual([2, 0]);
    expect(series[3]?.data).toEqual([0, 1]);
    expect(o.legend).toMatchObject({ data: ['Critical', 'Major', 'Minor', 'Warning'] });
    expect(o.xAxis).toMatchObject({ data: ['03-10 00:00', '03-10 01:00'] });
    expect(o.yAxis).not.toHaveProperty('max');
  });

  it('keeps a 0-5 axis when nothing was raised', () => {
    expect(option([bucket('2026-03-10T00:00:00Z', {})]).yAxis).toMatchObject({ min: 0, max: 5 });
  });

  it('lists every level and the total in the tooltip', () => {
    const o = option([bucket('2026-03-10T00:00:00Z', { warning: 2, major: 1 })]);
    const text = String(callFormatter(o.tooltip, [{ dataIndex: 0 }])).replace(/<[^>]+>/g, '|');
    expect(text).toContain('03-10 00:00');
    expect(text).toContain('Major: 1');
    expect(text).toContain('Warning: 2');
    expect(text).toContain('Total: 3');
  });
});

describe('NON_LEVEL_COLORS', () => {
  it("leaves out the palette's blues, ambers, oranges and reds, which read as levels", () => {
    for (const c of ['#1d4ed8', '#f59e0b', '#ea580c', '#dc2626']) expect(NON_LEVEL_COLORS).not.toContain(c);
    expect(NON_LEVEL_COLORS.length).toBeGreaterThanOrEqual(10);
  });
});

describe('chart points', () => {
  it('names indicators in the reader language and leaves out empty ones', () => {
    expect(
      metricPoints(
        [
          { metric: 'cpu.count', count: 3 },
          { metric: 'x', count: 0 },
        ],
        (m) => (m === 'cpu.count' ? 'CPU cores' : m),
      ),
    ).toEqual([{ name: 'CPU cores', value: 3 }]);
  });

  it('tells a resource of two clusters apart by its cluster', () => {
    expect(
      resourcePoints([
        { id: 1, name: 'gv1', clusterId: 'a', alarmCount: 5 },
        { id: null, name: 'gv1', clusterId: 'b', alarmCount: 2 },
        { id: 3, name: 'gv2', clusterId: 'a', alarmCount: 1 },
      ]),
    ).toEqual([
      { name: 'gv1 (a)', value: 5 },
      { name: 'gv1 (b)', value: 2 },
      { name: 'gv2', value: 1 },
    ]);
  });
});
