import { describe, expect, it } from 'vitest';
import type { MetricSeries } from '@portal/shared';
import { DAY_METRICS, dayMetricsOf, hasOwnSeries, hasUtilisation, seriesAverage } from './asset-day-metrics';

const series = (metric: string, values: (number | null)[]): MetricSeries => ({
  resource: 'cn01',
  metric,
  unit: 'percent',
  points: values.map((value, i) => ({ time: i * 60_000, value })),
});

describe('seriesAverage', () => {
  it('averages the samples and skips the gaps', () => {
    const list = [series('cpu.usage', [10, null, 30]), series('memory.usage', [90])];
    expect(seriesAverage(list, 'cpu.usage')).toBe(20);
    expect(seriesAverage(list, 'memory.usage')).toBe(90);
  });

  it('has no average without samples', () => {
    expect(seriesAverage([series('cpu.usage', [null, null])], 'cpu.usage')).toBeNull();
    expect(seriesAverage([], 'cpu.usage')).toBeNull();
  });
});

describe('hasOwnSeries', () => {
  it('takes plain names and refuses what the selector would read as several', () => {
    expect(hasOwnSeries('cn01')).toBe(true);
    expect(hasOwnSeries('rack-A.sw_1')).toBe(true);
    expect(hasOwnSeries('cn[01-02]')).toBe(false);
    expect(hasOwnSeries('a,b')).toBe(false);
  });
});

describe('dayMetricsOf', () => {
  it('charts what each kind of resource has: a switch its ports and traffic, a chassis its power, heat and fans', () => {
    expect(dayMetricsOf('SWITCH')).toEqual(['switch.receive', 'switch.transmit', 'switch.portsUp', 'switch.ports']);
    expect(dayMetricsOf('BLADECHASSIS')).toEqual([
      'hardware.power',
      'hardware.temperature',
      'hardware.fanSpeed',
      'hardware.sensorsAbnormal',
    ]);
    expect(dayMetricsOf('SERVER')).toEqual([...DAY_METRICS, 'hardware.temperature', 'hardware.power']);
    expect(dayMetricsOf('BLADE')).toEqual(dayMetricsOf('SERVER'));
    expect([hasUtilisation('SERVER'), hasUtilisation('SWITCH'), hasUtilisation('BLADECHASSIS')]).toEqual([true, false, false]);
  });
});
