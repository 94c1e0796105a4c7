import { ALARM_SEVERITIES, type AlarmSeverity, type ResourceAlarmCount, type TrendBucket } from '@portal/shared';
import dayjs, { type Dayjs } from 'dayjs';
import type { ChartOption, ChartPoint } from '../../../components/charts/options';
import { CHART_COLORS, CHART_GRID } from '../../../components/charts/chart-theme';
import { presetRange, type DayRange, type RangeKind } from '../../../components/usage/report-range';
import { severityLineColor } from './alarm-severity';

/*
 * The alarm overview's figures (issue 16; spec section 2's last-day backtrack and historical trend,
 * section 9's top 10 and alarm colours by level): the range asked for, counts by level, the
 * stacked chart of alarms per hour or day, the indicators and the top resources.
 */

/** The last day up to now (the server's default range), or whole days of a preset or custom range. */
export type OverviewView = 'lastDay' | 'trend';

/** The trend's range when it is first chosen. */
export const TREND_DEFAULT: Exclude<RangeKind, 'custom'> = 'month';

/** The top resources (spec section 9: top 10 for the top-alarm chart). */
export const TOP_RESOURCES = 10;

/** The palette's blues, ambers, oranges and reds are the levels' own: indicators and resources take the other colours. */
const LEVEL_LIKE = new Set(['#1d4ed8', '#2563eb', '#0284c7', '#f59e0b', '#ca8a04', '#a16207', '#ea580c', '#dc2626', '#e11d48']);
export const NON_LEVEL_COLORS: readonly string[] = CHART_COLORS.filter((c) => !LEVEL_LIKE.has(c));
/** The top resources' bars: indigo, neither a level nor a healthy green. */
export const RESOURCE_BAR_COLOR = '#4f46e5';

/** Milliseconds a zone is ahead of UTC at an instant (DST included). */
const zoneOffset = (ms: number, timeZone: string): number => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(ms / 1000) * 1000;
};

/**
 * Midnight starting a day (YYYY-MM-DD) in a time zone, as an instant: the server counts days from
 * midnight in the reports' zone; the browser's zone when none is known or it is unknown here.
 */
export const zoneDayStart = (day: string, timeZone: string | undefined): number => {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  if (!timeZone) return dayjs(day).startOf('day').valueOf();
  try {
    const wall = Date.UTC(y, m - 1, d);
    // Twice: the offset at the guess may differ from the one at midnight around a change of time.
    const guess = wall - zoneOffset(wall, timeZone);
    return wall - zoneOffset(guess, timeZone);
  } catch {
    return dayjs(day).startOf('day').valueOf();
  }
};

/** The API's range: none for the last day; else the first day's midnight to the last day's end, not after now. */
export const rangeQuery = (
  view: OverviewView,
  range: DayRange,
  timeZone: string | undefined,
  now: number,
): { startTime?: string; endTime?: string } => {
  if (view === 'lastDay') return {};
  const from = zoneDayStart(range.from, timeZone);
  const nextDay = dayjs(range.to).add(1, 'day').format('YYYY-MM-DD');
  const to = Math.max(from, Math.min(zoneDayStart(nextDay, timeZone) - 1, now));
  return { startTime: new Date(from).toISOString(), endTime: new Date(to).toISOString() };
};

/** The days of a preset, or the custom range kept. */
export const rangeOf = (kind: RangeKind, custom: DayRange, today: Dayjs): DayRange =>
  kind === 'custom' ? custom : presetRange(kind, today);

export type SeverityTotals = Record<AlarmSeverity | 'total', number>;

/** Alarms raised in the buckets, by level, and all of them. */
export const severityTotals = (list: readonly TrendBucket[]): SeverityTotals => {
  const out: SeverityTotals = { warning: 0, minor: 0, major: 0, critical: 0, total: 0 };
  for (const b of list) {
    for (const s of ALARM_SEVERITIES) out[s] += b[s];
    out.total += b.total;
  }
  return out;
};

/** Levels from the most severe down: the order of the counts and of the chart's legend. */
export const SEVERITIES_DOWN: readonly AlarmSeverity[] = [...ALARM_SEVERITIES].reverse();

const wallParts = (ms: number, timeZone: string | undefined) => {
  const fmt = (tz: string | undefined) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(ms));
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = fmt(timeZone);
  } catch {
    parts = fmt(undefined);
  }
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    day: `${get('year')}-${get('month')}-${get('day')}`,
    md: `${get('month')}-${get('day')}`,
    hm: `${get('hour')}:${get('minute')}`,
    hms: `${get('hour')}:${get('minute')}:${get('second')}`,
  };
};

/** A time as YYYY-MM-DD HH:mm:ss in the zone days are counted in (spec section 9's format). */
export const zoneDateTime = (iso: string, timeZone: string | undefined): string => {
  const p = wallParts(Date.parse(iso), timeZone);
  return `${p.day} ${p.hms}`;
};

/** A bucket's label: MM-DD HH:mm for hours, YYYY-MM-DD for days, in the zone days are counted in. */
export const bucketLabel = (iso: string, interval: 'hour' | 'day', timeZone: string | undefined): string => {
  const p = wallParts(Date.parse(iso), timeZone);
  return interval === 'day' ? p.day : `${p.md} ${p.hm}`;
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Alarms raised per bucket as bars stacked by level in the alarm colours (most severe on top), an
 * axis of 0 to 5 when none was raised; the tooltip lists every level and the total.
 */
export const trendOption = (
  list: readonly TrendBucket[],
  opts: {
    interval: 'hour' | 'day';
    timeZone: string | undefined;
    severityName: (s: AlarmSeverity) => string;
    totalName: string;
  },
): ChartOption => {
  const labels = list.map((b) => bucketLabel(b.time, opts.interval, opts.timeZone));
  const none = list.every((b) => b.total === 0);
  const stackOrder = [...ALARM_SEVERITIES];
  return {
    animation: false,
    grid: { ...CHART_GRID, bottom: 8 },
    legend: { top: 0, data: SEVERITIES_DOWN.map(opts.severityName) },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: unknown) => {
        const first = (Array.isArray(params) ? params[0] : params) as { dataIndex?: number } | undefined;
        const b = first?.dataIndex === undefined ? undefined : list[first.dataIndex];
        if (!b) return '';
        const rows = SEVERITIES_DOWN.map(
          (s) =>
            `<span style="display:inline-block;width:10px;height:10px;border-radius:50%;margin-right:6px;background:${severityLineColor(s)}"></span>${escapeHtml(opts.severityName(s))}: ${b[s]}`,
        );
        return [escapeHtml(labels[list.indexOf(b)] ?? ''), ...rows, `${escapeHtml(opts.totalName)}: ${b.total}`].join('<br/>');
      },
    },
    xAxis: { type: 'category', data: labels, axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', minInterval: 1, ...(none ? { min: 0, max: 5 } : {}) },
    series: stackOrder.map((s) => ({
      type: 'bar',
      name: opts.severityName(s),
      stack: 'alarms',
      itemStyle: { color: severityLineColor(s) },
      barMaxWidth: 30,
      emphasis: { focus: 'series' },
      data: list.map((b) => b[s]),
    })),
  };
};

/** Alarms per indicator as chart points, named in the reader's language. */
export const metricPoints = (
  list: readonly { metric: string; count: number }[],
  nameOf: (metric: string) => string,
): ChartPoint[] => list.filter((m) => m.count > 0).map((m) => ({ name: nameOf(m.metric), value: m.count }));

/**
 * The top resources as chart points: the same name in two clusters is told apart by its cluster,
 * in the order the server ranked them (most alarms first).
 */
export const resourcePoints = (list: readonly ResourceAlarmCount[]): ChartPoint[] => {
  const names = list.map((r) => r.name);
  return list.map((r) => ({
    name: names.filter((n) => n === r.name).length > 1 && r.clusterId ? `${r.name} (${r.clusterId})` : r.name,
    value: r.alarmCount,
  }));
};
