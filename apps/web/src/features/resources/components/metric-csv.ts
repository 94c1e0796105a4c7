import dayjs from 'dayjs';
import type { MetricSeries } from '@portal/shared';

/*
 * The loaded series as CSV, made in the browser: one row per point with a value (a step without
 * a sample is left out), the time as yyyy-MM-dd HH:mm:ss in the browser's time zone, the value
 * as the server sent it (bytes, percent, per second: the unit column says which).
 */

export const METRIC_CSV_COLUMNS = ['time', 'resource', 'metric', 'unit', 'value'] as const;

const cell = (v: string): string => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export const metricsCsv = (list: readonly MetricSeries[]): { text: string; rows: number } => {
  const lines: string[] = [METRIC_CSV_COLUMNS.join(',')];
  for (const s of list)
    for (const p of s.points)
      if (p.value !== null)
        lines.push(
          [dayjs(p.time).format('YYYY-MM-DD HH:mm:ss'), s.resource, s.metric, s.unit, String(p.value)].map(cell).join(','),
        );
  return { text: `${lines.join('\r\n')}\r\n`, rows: lines.length - 1 };
};

/** The file's name: metrics-<cluster>-<yyyyMMdd-HHmmss>.csv. */
export const metricsCsvName = (clusterId: string | undefined, now: Date = new Date()): string =>
  `metrics-${clusterId ? `${clusterId}-` : ''}${dayjs(now).format('YYYYMMDD-HHmmss')}.csv`;
