import type { StorageNodeState, StorageState, StorageSystem } from '@portal/shared';
import type { MetricChart } from './metric-charts';

/*
 * The storage page's figures (docs/storage.md): the IOPS and throughput charts of a storage
 * system (a read and a write line each) and the colours of the states of spec section 4.
 */

/** Tag colours: normal green, downgrade orange, fault red, unknown grey (antd's presets, whose text reads on their fill). */
export const STORAGE_STATE_COLORS: Record<StorageState | StorageNodeState, string> = {
  normal: 'green',
  downgrade: 'orange',
  fault: 'red',
  unknown: 'default',
};

type Points = StorageSystem['readIOPS'];

const chartOf = (metric: string, unit: MetricChart['unit'], lines: [string, Points][]): MetricChart => ({
  metric,
  unit,
  resources: lines.map(([name]) => name),
  lines: lines.map(([name, points]) => ({ name, points: points.map((p) => [p.time, p.value] as const) })),
  empty: lines.every(([, points]) => points.every((p) => p.value === null)),
  max: Math.max(0, ...lines.flatMap(([, points]) => points.map((p) => p.value ?? 0))),
});

/** IOPS and throughput, each with its read and write line named in the user's language. */
export const storageCharts = (
  s: StorageSystem,
  names: { read: string; write: string },
): { iops: MetricChart; throughput: MetricChart } => ({
  iops: chartOf('storage.iops', 'perSecond', [
    [names.read, s.readIOPS],
    [names.write, s.writeIOPS],
  ]),
  throughput: chartOf('storage.throughput', 'bytesPerSecond', [
    [names.read, s.readThroughput],
    [names.write, s.writeThroughput],
  ]),
});

/** The bar's colour by how full the storage is. */
export const usageColor = (usage: number | null): string | undefined =>
  usage === null ? undefined : usage >= 90 ? '#cf1322' : usage >= 80 ? '#d46b08' : undefined;
