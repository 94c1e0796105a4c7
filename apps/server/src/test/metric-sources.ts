import type { DbHandle } from '../db/database.js';
import { silentLogger } from '../lib/logger.js';
import type { Clock } from '../lib/time.js';
import { catalogueEntry, type CatalogueEntry } from '../cluster/metrics/catalogue.js';
import { EmbeddedMetricSource, type EmbeddedOptions, type MetricTarget } from '../cluster/metrics/embedded-source.js';
import { MetricStore } from '../cluster/metrics/metric-store.js';

/* The embedded collector as the metric tests drive it: rounds they call themselves, on their database. */

/** A collector of cluster c1 over `targets`: one-second steps, a generous scrape timeout (a BMC is slow), the default retention. */
export const testEmbeddedSource = (h: DbHandle, targets: MetricTarget[], clock: Clock, opts: Partial<EmbeddedOptions> = {}) =>
  new EmbeddedMetricSource(
    new MetricStore(h.db),
    { clusterId: 'c1', targets, intervalSeconds: 1, timeoutSeconds: 30, retentionDays: 7, rollupRetentionDays: 400, ...opts },
    clock,
    silentLogger,
  );

/** A catalogue metric a test names; a typo fails loudly. */
export const metricEntry = (id: string): CatalogueEntry => {
  const e = catalogueEntry(id);
  if (!e) throw new Error(`no metric ${id}`);
  return e;
};
