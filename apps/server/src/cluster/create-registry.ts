import type { Kysely } from 'kysely';
import type { Config } from '../config/schema.js';
import type { Database } from '../db/types.js';
import type { Logger } from '../lib/logger.js';
import type { Clock } from '../lib/time.js';
import { CommandLimiter } from './access/command-limiter.js';
import { createClusterAccess, type AccessDeps } from './access/create-access.js';
import { limitAccess } from './access/limited-access.js';
import { DesktopLauncher } from './desktops/desktop-launcher.js';
import { JobIngest, type AccountingStore } from './job-ingest.js';
import { JobSnapshot } from './job-snapshot.js';
import { createMetricSource } from './metrics/create-metric-source.js';
import { MetricStore } from './metrics/metric-store.js';
import { IpmitoolPower } from './power/ipmitool.js';
import { ClusterRegistry } from './registry.js';
import { counted } from './scheduler/counted.js';
import { schedulerFactory } from './scheduler/create-adapter.js';
import type { RunLimits } from './scheduler/run-limits.js';

export interface RegistryDeps extends AccessDeps {
  db: Kysely<Database>;
  clock: Clock;
  log: Logger;
  /** Where finished jobs are stored (the jobs module's repository). */
  accounting: AccountingStore;
  /** The refresh interval administrators set, in seconds; a cluster's own poll interval wins. */
  refreshIntervalSeconds(): Promise<number>;
  /** The quotas' running-job limits, which the built-in scheduler keeps (Slurm keeps its own). */
  runLimits?: RunLimits;
}

/** Builds every configured cluster: scheduler, access, snapshot poller and accounting ingest. */
export const createClusterRegistry = (config: Config, d: RegistryDeps): ClusterRegistry => {
  // One limiter for every cluster, both access modes and the scheduler's commands.
  const { waitSeconds, ...bounds } = config.commands;
  const limiter = new CommandLimiter({ ...bounds, waitMs: waitSeconds * 1000 });
  const makeScheduler = schedulerFactory(config, d.db, d.clock, d.log, limiter, d.runLimits);
  // One store for every cluster's embedded metrics: the raw day tables hold them all.
  const metricStore = new MetricStore(d.db);
  return new ClusterRegistry(
    config.clusters.map((cluster) => {
      const side = makeScheduler(cluster);
      const scheduler = counted(side.adapter);
      const interval = async () => (cluster.pollIntervalSeconds ?? (await d.refreshIntervalSeconds())) * 1000;
      const snapshot = new JobSnapshot(scheduler, d.clock, d.log, interval);
      const ingest = new JobIngest(cluster.id, scheduler, d.accounting, d.clock, d.log);
      // A job that left the active list has ended: read its accounting now, not at the next tick.
      snapshot.onJobsLeft = () => void ingest.run();
      const access = limitAccess(createClusterAccess(config, cluster, d), limiter);
      return {
        config: cluster,
        scheduler,
        access,
        power: cluster.power.enabled
          ? new IpmitoolPower({
              program: cluster.power.ipmitool,
              interface: cluster.power.interface,
              timeoutMs: cluster.power.timeoutSeconds * 1000,
            })
          : null,
        metrics: createMetricSource(cluster, metricStore, d.clock, d.log),
        desktops: new DesktopLauncher(access, cluster.desktops),
        snapshot,
        ingest,
        accounts: side.accounts,
        homeOf: side.homeOf,
        ensureDir: side.ensureDir,
        interval,
      };
    }),
  );
};
