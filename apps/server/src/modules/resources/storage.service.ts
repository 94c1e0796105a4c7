import {
  ErrCode,
  ErrReason,
  STORAGE_DEFAULT_RANGE_MS,
  type SharedStorageMetric,
  type StorageNodeState,
  type StorageNodeStateRow,
  type StorageState,
  type StorageSystem,
} from '@portal/shared';
import { storageEntries, storageMetricId, type StorageSeries } from '../../cluster/metrics/storage-entries.js';
import type { SeriesAnswer, SeriesPoint } from '../../cluster/metrics/types.js';
import type { ClusterRegistry } from '../../cluster/registry.js';
import type { StorageSystemConfig } from '../../config/storage-schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/time.js';

/*
 * Parallel and shared storage (docs/storage.md): each configured system's state and capacity from
 * its servers' latest samples, and its IOPS and throughput summed over the servers per step.
 * Nothing is kept here: every answer is read from the cluster's metric source.
 */

/** How far back a server's capacity is looked for: older than this, the server is unknown. */
const LOOKBACK_MS = 3_600_000;
/** A server answers "lately" when a sample lies in the newest steps of the look-back. */
const RECENT_STEPS = 3;

interface ServerCapacity {
  server: string;
  state: StorageNodeState;
  total: number | null;
  used: number | null;
  free: number | null;
  time: number | null;
}

const lastValue = (points: readonly SeriesPoint[]): { value: number; time: number } | undefined => {
  for (let i = points.length - 1; i >= 0; i--) {
    const p = points[i];
    if (p && p.value !== null) return { value: p.value, time: p.time };
  }
  return undefined;
};

const round2 = (v: number) => Math.round(v * 100) / 100;

/** Usage as df gives it: of what users could have (used and still free; root's reserve is neither). */
const capacityOf = (total: number | null, used: number | null, free: number | null) => ({
  total,
  used,
  free,
  usage: used === null || free === null || used + free <= 0 ? null : round2((100 * used) / (used + free)),
});

/** Per step, the sum of the servers' values; null where none had one. */
const sumSeries = (answer: SeriesAnswer, metric: string): SeriesPoint[] => {
  const series = answer.series.filter((s) => s.metric === metric);
  const first = series[0];
  if (!first) return [];
  return first.points.map((p, i) => {
    let sum: number | null = null;
    for (const s of series) {
      const v = s.points[i]?.value;
      if (v !== null && v !== undefined) sum = (sum ?? 0) + v;
    }
    return { time: p.time, value: sum };
  });
};

export const storageState = (servers: readonly ServerCapacity[]): StorageState => {
  const up = servers.filter((s) => s.state === 'normal').length;
  if (up === servers.length) return 'normal';
  if (up > 0) return 'downgrade';
  return servers.some((s) => s.state === 'fault') ? 'fault' : 'unknown';
};

export class StorageService {
  constructor(
    private readonly clusters: ClusterRegistry,
    private readonly clock: Clock,
  ) {}

  /** Each server's newest capacity of the system, and whether it answered lately. */
  private async capacities(clusterId: string | undefined, s: StorageSystemConfig): Promise<ServerCapacity[]> {
    const cluster = this.clusters.get(clusterId);
    const to = this.clock.now();
    const entries = storageEntries(s).filter((e) => !e.rate);
    const answer = await cluster.metrics.history({ resources: s.servers, metrics: entries, from: to - LOOKBACK_MS, to });
    const recentSince = to - RECENT_STEPS * answer.stepSeconds * 1000;
    return s.servers.map((server) => {
      const of = (series: StorageSeries) =>
        lastValue(answer.series.find((x) => x.resource === server && x.metric === storageMetricId(s.name, series))?.points ?? []);
      const total = of('total');
      const used = of('used');
      const free = of('free');
      const time = Math.max(total?.time ?? -Infinity, used?.time ?? -Infinity, free?.time ?? -Infinity);
      const state: StorageNodeState = !total ? 'unknown' : time >= recentSince ? 'normal' : 'fault';
      // Only a server answering lately adds to the capacity: an old figure may no longer hold.
      return state === 'normal'
        ? { server, state, total: total?.value ?? null, used: used?.value ?? null, free: free?.value ?? null, time }
        : { server, state, total: null, used: null, free: null, time: Number.isFinite(time) ? time : null };
    });
  }

  private summary(caps: readonly ServerCapacity[]) {
    const up = caps.filter((c) => c.state === 'normal');
    const add = (k: 'total' | 'used' | 'free') =>
      up.some((c) => c[k] !== null) ? up.reduce((sum, c) => sum + (c[k] ?? 0), 0) : null;
    const times = up.map((c) => c.time ?? 0);
    return {
      ...capacityOf(add('total'), add('used'), add('free')),
      collectTime: times.length === 0 ? null : new Date(Math.max(...times)).toISOString(),
      serversUp: up.length,
    };
  }

  async systems(q: {
    clusterId?: string | undefined;
    startTime?: Date | undefined;
    endTime?: Date | undefined;
  }): Promise<StorageSystem[]> {
    const cluster = this.clusters.get(q.clusterId);
    const now = this.clock.now();
    const to = Math.min(q.endTime?.getTime() ?? now, now);
    const from = q.startTime?.getTime() ?? to - STORAGE_DEFAULT_RANGE_MS;
    // No future: the range ends now at the latest (spec section 5's date pickers disable future dates).
    if (from >= to) throw new AppError(ErrCode.PARAM_INVALID, ErrReason.validation, 'The range starts in the future');
    return Promise.all(
      cluster.config.storage.map(async (s): Promise<StorageSystem> => {
        const caps = await this.capacities(q.clusterId, s);
        const io = storageEntries(s).filter((e) => e.rate);
        const answer = await cluster.metrics.history({ resources: s.servers, metrics: io, from, to });
        return {
          id: s.name,
          name: s.name,
          type: s.type,
          directory: s.directory ?? s.mountpoint,
          state: storageState(caps),
          serversTotal: s.servers.length,
          ...this.summary(caps),
          readIOPS: sumSeries(answer, storageMetricId(s.name, 'readIops')),
          writeIOPS: sumSeries(answer, storageMetricId(s.name, 'writeIops')),
          readThroughput: sumSeries(answer, storageMetricId(s.name, 'readThroughput')),
          writeThroughput: sumSeries(answer, storageMetricId(s.name, 'writeThroughput')),
          step: answer.stepSeconds,
        };
      }),
    );
  }

  async nodes(clusterId: string | undefined): Promise<StorageNodeStateRow[]> {
    const cluster = this.clusters.get(clusterId);
    const perSystem = await Promise.all(
      cluster.config.storage.map(async (s) => (await this.capacities(clusterId, s)).map((c) => ({ s, c }))),
    );
    return perSystem.flat().map(({ s, c }) => ({
      resourceId: c.server,
      resourceName: c.server,
      modelName: 'PARASTORNODE',
      metricName: 'state',
      value: c.state,
      storage: s.name,
      ...capacityOf(c.total, c.used, c.free),
      collectTime: c.time === null ? null : new Date(c.time).toISOString(),
    }));
  }

  async shared(clusterId: string | undefined): Promise<SharedStorageMetric[]> {
    const cluster = this.clusters.get(clusterId);
    const rows = await Promise.all(
      cluster.config.storage.map(async (s) => {
        const sum = this.summary(await this.capacities(clusterId, s));
        return (['total', 'used', 'free', 'usage'] as const).map((metricName): SharedStorageMetric => ({
          metricId: `${s.name}:${metricName}`,
          resId: s.name,
          resName: s.name,
          metricName,
          metricValue: sum[metricName],
          collectTime: sum.collectTime,
          sharedType: s.type,
          directory: s.directory ?? s.mountpoint,
        }));
      }),
    );
    return rows.flat();
  }
}
