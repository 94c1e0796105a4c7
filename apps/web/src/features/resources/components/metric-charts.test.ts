import { describe, expect, it } from 'vitest';
import type { MetricSeries } from '@portal/shared';
import { metricCharts, resourceSummary } from './metric-charts';

const series = (resource: string, metric: string, values: (number | null)[]): MetricSeries => ({
  resource,
  metric,
  unit: metric.startsWith('memory') ? 'bytes' : 'percent',
  points: values.map((value, i) => ({ time: 1_000 * i, value })),
});

describe('the backtrack charts', () => {
  it('draws one chart per metric in the order asked, a line per resource', () => {
    const charts = metricCharts(
      [series('a', 'memory.total', [1, 2]), series('a', 'cpu.usage', [3, null]), series('b', 'cpu.usage', [null, 4])],
      ['cpu.usage', 'memory.total'],
    );
    expect(charts.map((c) => [c.metric, c.unit, c.resources, c.empty])).toEqual([
      ['cpu.usage', 'percent', ['a', 'b'], false],
      ['memory.total', 'bytes', ['a'], false],
    ]);
    expect(charts.map((c) => c.max)).toEqual([4, 2]);
    expect(charts[0]?.lines[0]).toEqual({
      name: 'a',
      points: [
        [0, 3],
        [1000, null],
      ],
    });
  });

  it('says when a metric has no sample in the range, and skips metrics without series', () => {
    const charts = metricCharts([series('a', 'cpu.usage', [null, null])], ['cpu.usage', 'gpu.usage']);
    expect(charts.map((c) => [c.metric, c.empty])).toEqual([['cpu.usage', true]]);
  });

  it('names up to five resources for screen readers', () => {
    const more = (n: number) => `and ${n} more`;
    expect(resourceSummary(['a', 'b'], more)).toBe('a, b');
    expect(resourceSummary(['a', 'b', 'c', 'd', 'e', 'f', 'g'], more)).toBe('a, b, c, d, e and 2 more');
  });
});
