import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { AXIS_LABEL_MAX, BAR_WIDTH, CHART_COLORS, CHART_GRID, LINE_WIDTH, TOP_N } from './chart-theme';

export type ChartOption = ComposeOption<
  | PieSeriesOption
  | BarSeriesOption
  | LineSeriesOption
  | TooltipComponentOption
  | LegendComponentOption
  | GridComponentOption
  | DataZoomComponentOption
>;

/** One slice or bar: a label and a number. */
export interface ChartPoint {
  name: string;
  value: number;
}

/** Bar axis labels: at most five characters, then an ellipsis (the tooltip shows the whole name). */
export const truncateLabel = (text: string, max = AXIS_LABEL_MAX): string =>
  [...text].length > max ? `${[...text].slice(0, max).join('')}...` : text;

/** Zero bars are drawn as 0.01 so a bar position stays visible; the tooltip shows the real value. */
export const barValue = (v: number): number => (v === 0 ? 0.01 : v);

/** The largest N points, largest first. */
export const topN = (points: ChartPoint[], n = TOP_N): ChartPoint[] => [...points].sort((a, b) => b.value - a.value).slice(0, n);

/** Whether a chart has anything to draw ('No Data' otherwise). */
export const hasData = (points: ChartPoint[]): boolean => points.some((p) => p.value > 0);

/** A ring chart; `colors` pins a colour per name (job and node states), others use the palette. */
export const pieOption = (points: ChartPoint[], opts: { seriesName: string; colors?: Record<string, string> }): ChartOption => ({
  color: [...CHART_COLORS],
  tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
  legend: { bottom: 0, type: 'scroll' },
  series: [
    {
      type: 'pie',
      name: opts.seriesName,
      radius: ['40%', '68%'],
      center: ['50%', '45%'],
      avoidLabelOverlap: true,
      label: { formatter: '{b}: {c}' },
      data: points.map((p) => ({
        name: p.name,
        value: p.value,
        ...(opts.colors?.[p.name] ? { itemStyle: { color: opts.colors[p.name] } } : {}),
      })),
    },
  ],
});

/** A bar chart of the top N points; an empty chart keeps a 0-5 y axis. */
export const barOption = (points: ChartPoint[], opts: { seriesName: string; n?: number }): ChartOption => {
  const top = topN(points, opts.n);
  const empty = top.length === 0;
  return {
    color: [...CHART_COLORS],
    grid: { ...CHART_GRID },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: unknown) => {
        const p = (Array.isArray(params) ? params[0] : params) as { dataIndex: number } | undefined;
        const point = p ? top[p.dataIndex] : undefined;
        return point ? `${opts.seriesName}<br/>${escapeHtml(point.name)}: ${point.value}` : '';
      },
    },
    xAxis: {
      type: 'category',
      data: top.map((p) => p.name),
      axisLabel: { interval: 0, formatter: (v: string) => truncateLabel(v) },
    },
    yAxis: { type: 'value', minInterval: 1, ...(empty ? { min: 0, max: 5 } : {}) },
    series: [{ type: 'bar', name: opts.seriesName, barWidth: BAR_WIDTH, data: top.map((p) => barValue(p.value)) }],
  };
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Bars of the largest points with fractions (hours, money): the bar chart above, with a y axis
 * that is not limited to whole counts of jobs or nodes.
 */
export const decimalBarOption = (points: ChartPoint[], seriesName: string, n: number): ChartOption => {
  const base = barOption(points, { seriesName, n });
  return { ...base, yAxis: { type: 'value', ...(points.length === 0 ? { min: 0, max: 5 } : {}) } };
};

/** One line over time: [epoch ms, value] pairs, null where nothing was measured. */
export interface TimeLine {
  name: string;
  points: readonly (readonly [number, number | null])[];
}

/** Below this many values a line also draws its points, so an isolated one between gaps stays visible. */
const SPARSE_POINTS = 60;

/** The first time any line has a value, if one has. */
export const firstValueTime = (lines: readonly TimeLine[]): number | undefined => {
  let first: number | undefined;
  for (const l of lines)
    for (const [time, value] of l.points)
      if (value !== null) {
        if (first === undefined || time < first) first = time;
        break;
      }
  return first;
};

/** The axis top: the data's largest value rounded up to a whole step (one step when all is zero). */
export const topOnStep =
  (step: number) =>
  ({ max }: { max: number }): number =>
    Math.max(step, Math.ceil(max / step) * step);

/**
 * Where the zoom opens: at the first value when the range starts earlier, but at least `minSpan`
 * before its end; undefined to show the whole range.
 */
export const openingZoomStart = (
  first: number | undefined,
  min: number | undefined,
  max: number | undefined,
  minSpan: number,
): number | undefined => {
  if (first === undefined || min === undefined || first <= min) return undefined;
  const start = max === undefined ? first : Math.min(first, max - minSpan);
  return start > min ? start : undefined;
};

/**
 * Lines over a time axis (the metric backtrack): one per series, broken where a value is missing
 * (no line is drawn across a gap), values on the y axis and in the tooltip written by `format`,
 * times in the tooltip by `timeLabel`. Axis labels use numeric templates only (no month names),
 * so they read the same in every language. The axis spans `min` to `max` (the range asked for);
 * a slider below zooms, and opens on the part from the first value on, so a range that is mostly
 * before the first sample still shows its lines. No animation: hundreds of lines of thousands of
 * points draw at once.
 */
export const timeLineOption = (
  lines: readonly TimeLine[],
  opts: {
    format: (v: number) => string;
    timeLabel: (ms: number) => string;
    min?: number;
    max?: number;
    /** The narrowest the opening zoom may be, in milliseconds (a few steps, not one point at the edge). */
    minZoomSpan?: number;
    /** The y axis' step, when the unit wants its own (bytes: powers of 1024); ECharts picks one otherwise. */
    yInterval?: number;
  },
): ChartOption => {
  const zoomStart = openingZoomStart(firstValueTime(lines), opts.min, opts.max, opts.minZoomSpan ?? 0);
  return {
    animation: false,
    color: [...CHART_COLORS],
    grid: { ...CHART_GRID, bottom: 56 },
    legend: { top: 0, type: 'scroll' },
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const items = (Array.isArray(params) ? params : [params]) as {
          seriesName?: string;
          marker?: string;
          value?: [number, number | null];
        }[];
        const time = items[0]?.value?.[0];
        if (time === undefined) return '';
        const rows = items.map(
          (p) =>
            `${p.marker ?? ''}${escapeHtml(p.seriesName ?? '')}: ${p.value?.[1] == null ? '-' : escapeHtml(opts.format(p.value[1]))}`,
        );
        return [escapeHtml(opts.timeLabel(time)), ...rows].join('<br/>');
      },
    },
    dataZoom: [
      {
        type: 'slider',
        xAxisIndex: 0,
        bottom: 8,
        height: 22,
        filterMode: 'none',
        labelFormatter: (v: number) => opts.timeLabel(v),
        ...(zoomStart !== undefined ? { startValue: zoomStart } : {}),
      },
    ],
    xAxis: {
      type: 'time',
      ...(opts.min !== undefined ? { min: opts.min } : {}),
      ...(opts.max !== undefined ? { max: opts.max } : {}),
      axisLabel: {
        hideOverlap: true,
        formatter: {
          year: '{yyyy}',
          month: '{yyyy}-{MM}',
          day: '{MM}-{dd}',
          hour: '{HH}:{mm}',
          minute: '{HH}:{mm}',
          second: '{HH}:{mm}:{ss}',
          millisecond: '{HH}:{mm}:{ss}',
        },
      },
    },
    yAxis: {
      type: 'value',
      // A fixed step needs the top on a step too, or ECharts puts its own top line close above the last.
      ...(opts.yInterval ? { interval: opts.yInterval, max: topOnStep(opts.yInterval) } : {}),
      axisLabel: { formatter: (v: number) => opts.format(v) },
    },
    series: lines.map((l) => ({
      type: 'line',
      name: l.name,
      connectNulls: false,
      showSymbol: l.points.filter((p) => p[1] !== null).length < SPARSE_POINTS,
      symbolSize: 4,
      lineStyle: { width: LINE_WIDTH },
      data: l.points.map((p) => [p[0], p[1]]),
    })),
  };
};
