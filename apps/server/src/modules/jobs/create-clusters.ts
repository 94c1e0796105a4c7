import type { FastifyBaseLogger } from 'fastify';
import { counted } from '../../cluster/scheduler/counted.js';
import type { SchedulerAdapter } from '../../cluster/scheduler/types.js';
import type { Clock } from '../../lib/time.js';
import type { SettingsService } from '../settings/settings.service.js';
import { Clusters, type ClusterConfig } from './clusters.js';
import { JobIngest } from './job-ingest.js';
import { JobSnapshot } from './job-snapshot.js';
import type { JobsRepository } from './jobs.repository.js';

export interface AdapterFactory {
  (cluster: ClusterConfig): {
    adapter: SchedulerAdapter;
    homeOf: (user: string) => Promise<string>;
    /** Creates a working directory as the user when it does not exist yet. */
    ensureDir: (user: string, path: string) => Promise<void>;
  };
}

/** Builds the run-time side of every configured cluster: adapter, snapshot poller, accounting ingest. */
export const createClusters = (
  clusters: ClusterConfig[],
  make: AdapterFactory,
  deps: { repo: JobsRepository; settings: SettingsService; clock: Clock; log: FastifyBaseLogger },
): Clusters =>
  new Clusters(
    clusters.map((config) => {
      const made = make(config);
      const adapter = counted(made.adapter);
      // The cluster's own poll interval, else the refresh interval administrators set.
      const interval = async () => (config.pollIntervalSeconds ?? (await deps.settings.get()).refreshInterval) * 1000;
      const snapshot = new JobSnapshot(adapter, deps.clock, deps.log, interval);
      const ingest = new JobIngest(config.id, adapter, deps.repo, deps.clock, deps.log);
      // A job that left the active list has ended: read its accounting now, not at the next tick.
      snapshot.onJobsLeft = () => void ingest.run();
      return { config, adapter, snapshot, ingest, homeOf: made.homeOf, ensureDir: made.ensureDir, interval };
    }),
  );
