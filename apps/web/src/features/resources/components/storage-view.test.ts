import { describe, expect, it } from 'vitest';
import type { StorageSystem } from '@portal/shared';
import { storageCharts, usageColor } from './storage-view';

const system = (over: Partial<StorageSystem> = {}): StorageSystem => ({
  id: 'scratch',
  name: 'scratch',
  type: 'parastor',
  directory: '/public',
  state: 'normal',
  serversUp: 2,
  serversTotal: 2,
  total: 1000,
  used: 400,
  free: 600,
  usage: 40,
  collectTime: '2026-05-04T10:00:00.000Z',
  readIOPS: [
    { time: 0, value: 10 },
    { time: 5000, value: null },
  ],
  writeIOPS: [
    { time: 0, value: 30 },
    { time: 5000, value: 5 },
  ],
  readThroughput: [
    { time: 0, value: null },
    { time: 5000, value: null },
  ],
  writeThroughput: [
    { time: 0, value: null },
    { time: 5000, value: null },
  ],
  step: 5,
  ...over,
});

describe('storage charts', () => {
  it('draws a read and a write line per chart, with the largest value for the axis', () => {
    const { iops, throughput } = storageCharts(system(), { read: 'Read', write: 'Write' });
    expect(iops).toMatchObject({
      metric: 'storage.iops',
      unit: 'perSecond',
      resources: ['Read', 'Write'],
      empty: false,
      max: 30,
    });
    expect(iops.lines).toEqual([
      {
        name: 'Read',
        points: [
          [0, 10],
          [5000, null],
        ],
      },
      {
        name: 'Write',
        points: [
          [0, 30],
          [5000, 5],
        ],
      },
    ]);
    // No sample in the range: the chart says 'No Data' instead of drawing axes.
    expect(throughput).toMatchObject({ metric: 'storage.throughput', unit: 'bytesPerSecond', empty: true, max: 0 });
  });

  it('colours the capacity bar as the storage fills', () => {
    expect(usageColor(null)).toBeUndefined();
    expect(usageColor(79.99)).toBeUndefined();
    expect(usageColor(80)).toBe('#d46b08');
    expect(usageColor(90)).toBe('#cf1322');
  });
});
