import type { MetricCheckState, MetricException } from '@portal/shared';
import { catalogueEntry, type CatalogueEntry } from '../../cluster/metrics/catalogue.js';
import type { ClusterEntry } from '../../cluster/registry.js';
import type { ClusterConfig } from '../../config/cluster-schema.js';
import type { Clock } from '../../lib/time.js';
import type { Logger } from '../../lib/logger.js';

/*
 * Node exceptions from metrics (docs/resources.md): each node's latest samples against the limits
 * of clusters[].metrics.nodeExceptions. Read at most once per collection interval per cluster,
 * however many pages list the nodes; a list asked for during a read waits for that read.
 */

type Limits = ClusterConfig['metrics']['nodeExceptions'];

/** The catalogue metrics the checks read. */
const READ = [
  'memory.usage',
  'filesystem.rootUsage',
  'cpu.load1',
  'cpu.count',
  'hardware.temperature',
  'infiniband.ports',
  'infiniband.portsActive',
] as const;
const ENTRIES: CatalogueEntry[] = READ.flatMap((id) => catalogueEntry(id) ?? []);

/** A node's latest values, by catalogue metric. */
export type Latest = ReadonlyMap<string, number>;

const round2 = (v: number) => Math.round(v * 100) / 100;

/** The limits a node's latest values reach (a pure function: the rules of docs/resources.md). */
export const metricExceptionsOf = (latest: Latest, limits: Limits): MetricException[] => {
  const out: MetricException[] = [];
  const reach = (check: MetricException['check'], value: number | undefined, threshold: number) => {
    if (value !== undefined && value >= threshold) out.push({ check, value: round2(value), threshold });
  };
  reach('memoryUsage', latest.get('memory.usage'), limits.memoryUsagePercent);
  reach('rootUsage', latest.get('filesystem.rootUsage'), limits.rootUsagePercent);
  const load = latest.get('cpu.load1');
  const cores = latest.get('cpu.count');
  if (load !== undefined && cores !== undefined && cores > 0) reach('loadPerCore', load / cores, limits.loadPerCore);
  reach('temperature', latest.get('hardware.temperature'), limits.temperatureCelsius);
  const ports = latest.get('infiniband.ports');
  const active = latest.get('infiniband.portsActive');
  if (limits.infinibandDown && ports !== undefined && active !== undefined) reach('infinibandDown', ports - active, 1);
  return out;
};

interface Reading {
  at: number;
  settled: boolean;
  result: Promise<{ state: MetricCheckState; byNode: Map<string, MetricException[]> }>;
}

export class NodeHealth {
  private readonly readings = new Map<string, Reading>();

  constructor(
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** How long one reading holds, and how far back a sample still counts as the latest. */
  private static intervalMs(cluster: ClusterEntry): number {
    const m = cluster.config.metrics;
    return (m.source === 'prometheus' ? m.prometheus.scrapeIntervalSeconds : m.intervalSeconds) * 1000;
  }

  exceptions(cluster: ClusterEntry, nodes: readonly string[]): Reading['result'] {
    const limits = cluster.config.metrics.nodeExceptions;
    if (!limits.enabled || nodes.length === 0) return Promise.resolve({ state: 'off', byNode: new Map() });
    const id = cluster.config.id;
    const now = this.clock.now();
    const last = this.readings.get(id);
    const interval = NodeHealth.intervalMs(cluster);
    if (last && (!last.settled || now - last.at < interval)) return last.result;
    const reading: Reading = { at: now, settled: false, result: this.read(cluster, nodes, limits, now, interval) };
    this.readings.set(id, reading);
    void reading.result.finally(() => (reading.settled = true));
    return reading.result;
  }

  private async read(cluster: ClusterEntry, nodes: readonly string[], limits: Limits, now: number, interval: number) {
    // The latest sample within four intervals (at least two minutes): an older one may no longer hold.
    const from = now - Math.max(120_000, 4 * interval);
    try {
      const answer = await cluster.metrics.history({ resources: nodes, metrics: ENTRIES, from, to: now + 1 });
      const latest = new Map<string, Map<string, number>>();
      for (const s of answer.series) {
        const last = s.points.findLast((p) => p.value !== null)?.value;
        if (last === undefined || last === null) continue;
        const of = latest.get(s.resource) ?? new Map<string, number>();
        of.set(s.metric, last);
        latest.set(s.resource, of);
      }
      const byNode = new Map<string, MetricException[]>();
      for (const [node, values] of latest) {
        const found = metricExceptionsOf(values, limits);
        if (found.length > 0) byNode.set(node, found);
      }
      return { state: 'ok' as const, byNode };
    } catch (e) {
      this.log.warn({ err: e, cluster: cluster.config.id }, 'node metrics could not be read for the exception checks');
      return { state: 'failed' as const, byNode: new Map<string, MetricException[]>() };
    }
  }
}
