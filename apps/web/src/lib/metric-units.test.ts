import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { METRIC_GROUPS, METRIC_UNITS } from '@portal/shared';
import en from '../locales/en/resources.json';
import zh from '../locales/zh/resources.json';
import { binaryInterval, formatMetricValue, metricLabel, metricName, plainNumber, unitInterval, unitLabel } from './metric-units';

const translator = (lng: 'en' | 'zh'): TFunction<'resources'> => {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng,
    initAsync: false,
    ns: ['resources'],
    defaultNS: 'resources',
    resources: { en: { resources: en }, zh: { resources: zh } },
  });
  return i18n.getFixedT(lng, 'resources');
};
const tEn = translator('en');
const tZh = translator('zh');

/** The server's catalogue (apps/server/src/cluster/metrics/catalogue.ts): each needs a name in both languages. */
const CATALOGUE_IDS = [
  'cpu.usage',
  'cpu.iowait',
  'cpu.count',
  'cpu.load1',
  'cpu.load5',
  'cpu.load15',
  'memory.total',
  'memory.used',
  'memory.usage',
  'memory.swapUsed',
  'filesystem.rootUsage',
  'filesystem.rootUsed',
  'disk.readBytes',
  'disk.writeBytes',
  'disk.readIops',
  'disk.writeIops',
  'network.receive',
  'network.transmit',
  'infiniband.receive',
  'infiniband.transmit',
  'hardware.temperature',
  'hardware.fanSpeed',
  'hardware.power',
  'hardware.sensorsAbnormal',
  'gpu.usage',
  'gpu.memoryUsed',
  'gpu.temperature',
  'gpu.power',
  'switch.ports',
  'switch.portsUp',
  'switch.receive',
  'switch.transmit',
];

describe('metric names and units', () => {
  it('name every catalogue metric, group and unit in English and Chinese, each differently', () => {
    for (const t of [tEn, tZh]) {
      const names = CATALOGUE_IDS.map((id) => metricName(t, id));
      expect(names.filter((n, i) => n === CATALOGUE_IDS[i])).toEqual([]);
      expect(new Set(names).size).toBe(names.length);
      for (const g of METRIC_GROUPS) expect(t(`metrics.group.${g}`)).not.toContain('metrics.');
      for (const u of METRIC_UNITS) expect(unitLabel(t, u)).not.toContain('metrics.');
    }
    expect(metricName(tZh, 'memory.total')).toBe('内存总量');
  });

  it('adds the unit to the name, except for loads and counts', () => {
    expect(metricLabel(tEn, 'memory.total', 'bytes')).toBe('Memory total (bytes)');
    expect(metricLabel(tZh, 'cpu.usage', 'percent')).toBe('CPU 使用率（%）');
    expect(metricLabel(tEn, 'cpu.load1', 'load')).toBe('Load (1 minute)');
    expect(metricLabel(tEn, 'cpu.count', 'count')).toBe('CPU cores');
  });

  it('keeps the id of a metric the console does not know yet', () => {
    expect(metricName(tEn, 'cpu.somethingNew')).toBe('cpu.somethingNew');
  });

  it('shows bytes B to YB in steps of 1024, and bytes per second the same per second', () => {
    expect(formatMetricValue(tEn, 'bytes', 512)).toBe('512 B');
    expect(formatMetricValue(tEn, 'bytes', 16 * 1024 ** 3)).toBe('16.00 GB');
    expect(formatMetricValue(tEn, 'bytes', 3 * 1024 ** 8)).toBe('3.00 YB');
    expect(formatMetricValue(tEn, 'bytesPerSecond', 1536)).toBe('1.50 KB/s');
    expect(formatMetricValue(tEn, 'bytesPerSecond', 0)).toBe('0 B/s');
  });

  it('shows the other units with their sign, in the user’s language', () => {
    expect(formatMetricValue(tEn, 'percent', 12.345)).toBe('12.35%');
    expect(formatMetricValue(tEn, 'perSecond', 250)).toBe('250/s');
    expect(formatMetricValue(tZh, 'perSecond', 250)).toBe('250 次/秒');
    expect(formatMetricValue(tEn, 'celsius', 61.5)).toBe('61.5 °C');
    expect(formatMetricValue(tEn, 'watts', 350)).toBe('350 W');
    expect(formatMetricValue(tEn, 'rpm', 4200)).toBe('4200 RPM');
    expect(formatMetricValue(tZh, 'rpm', 4200)).toBe('4200 转/分');
    expect(formatMetricValue(tEn, 'load', 1.234)).toBe('1.23');
    expect(formatMetricValue(tEn, 'count', 63.9)).toBe('64');
  });

  it('shows a step without a sample as a dash', () => {
    expect(formatMetricValue(tEn, 'percent', null)).toBe('-');
    expect(plainNumber(2)).toBe('2');
  });

  it('steps a bytes axis in round numbers of KB, MB, GB', () => {
    expect(binaryInterval(25 * 1024 ** 3)).toBe(5 * 1024 ** 3);
    expect(binaryInterval(3 * 1024 ** 3)).toBe(1024 ** 3);
    expect(binaryInterval(700)).toBe(200);
    expect(binaryInterval(1000 * 1024 ** 2)).toBe(200 * 1024 ** 2);
    expect(binaryInterval(0)).toBeUndefined();
    expect(unitInterval('percent', 80)).toBeUndefined();
    expect(unitInterval('bytesPerSecond', 4096)).toBe(1024);
  });
});
