import { describe, expect, it } from 'vitest';
import type { MetricSeries } from '@portal/shared';
import { metricsCsv, metricsCsvName } from './metric-csv';

const at = (h: number, m: number) => new Date(2025, 4, 6, h, m, 0).getTime();

describe('the metrics CSV', () => {
  it('writes a row per measured point with the local time, leaving out steps without a sample', () => {
    const list: MetricSeries[] = [
      {
        resource: 'gv1',
        metric: 'memory.total',
        unit: 'bytes',
        points: [
          { time: at(9, 0), value: 17179869184 },
          { time: at(9, 2), value: null },
        ],
      },
      { resource: 'gv2', metric: 'cpu.usage', unit: 'percent', points: [{ time: at(9, 0), value: 12.5 }] },
    ];
    const csv = metricsCsv(list);
    expect(csv.rows).toBe(2);
    expect(csv.text).toBe(
      'time,resource,metric,unit,value\r\n2025-05-06 09:00:00,gv1,memory.total,bytes,17179869184\r\n2025-05-06 09:00:00,gv2,cpu.usage,percent,12.5\r\n',
    );
  });

  it('has the header alone when nothing was measured', () => {
    expect(metricsCsv([])).toEqual({ text: 'time,resource,metric,unit,value\r\n', rows: 0 });
  });

  it('names the file after the cluster and the moment', () => {
    expect(metricsCsvName('local', new Date(2025, 4, 6, 9, 3, 7))).toBe('metrics-local-20250506-090307.csv');
    expect(metricsCsvName(undefined, new Date(2025, 4, 6, 9, 3, 7))).toBe('metrics-20250506-090307.csv');
  });
});
