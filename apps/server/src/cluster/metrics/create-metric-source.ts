import { hostname } from 'node:os';
import type { ClusterConfig } from '../../config/cluster-schema.js';
import type { Logger } from '../../lib/logger.js';
import type { Clock } from '../../lib/time.js';
import { EmbeddedMetricSource, type MetricTarget } from './embedded-source.js';
import type { MetricStore } from './metric-store.js';
import { PrometheusMetricSource } from './prometheus-source.js';
import { storageEntriesByServer } from './storage-entries.js';
import type { MetricSource } from './types.js';

/** This host's name as a resource name (the built-in scheduler's nodes all run here). */
const thisHost = (): string =>
  hostname()
    .replace(/[^A-Za-z0-9._-]/g, '-')
    .slice(0, 64) || 'localhost';

/** What the embedded collector scrapes: the configured targets, else this host for the built-in scheduler. */
export const metricTargets = (cluster: ClusterConfig): MetricTarget[] =>
  cluster.metrics.targets ?? (cluster.scheduler === 'local' ? [{ resource: thisHost(), url: 'builtin:host' }] : []);

/** The cluster's metric source as portal.yaml chooses it (clusters[].metrics.source). */
export const createMetricSource = (cluster: ClusterConfig, store: MetricStore, clock: Clock, log: Logger): MetricSource => {
  const m = cluster.metrics;
  if (m.source === 'prometheus') return new PrometheusMetricSource(m.prometheus);
  return new EmbeddedMetricSource(
    store,
    {
      clusterId: cluster.id,
      targets: metricTargets(cluster),
      discovers: m.fromAssets.enabled,
      intervalSeconds: m.intervalSeconds,
      timeoutSeconds: m.timeoutSeconds,
      retentionDays: m.retentionDays,
      rollupRetentionDays: m.rollupRetentionDays,
      extraEntries: storageEntriesByServer(cluster.storage),
    },
    clock,
    log,
  );
};
