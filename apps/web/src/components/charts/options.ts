import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { AXIS_LABEL_MAX, BAR_WIDTH, CHART_COLORS, CHART_GRID, TOP_N } from './chart-theme';

export type ChartOption = ComposeOption<
  PieSeriesOption | BarSeriesOption | LineSeriesOption | TooltipComponentOption | LegendComponentOption | GridComponentOption
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
