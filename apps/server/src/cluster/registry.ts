import { ErrCode } from '@portal/shared';
import type { ClusterConfig } from '../config/cluster-schema.js';
import { AppError } from '../lib/app-error.js';
import type { AccountSyncer } from './accounts/types.js';
import type { ClusterAccess } from './access/types.js';
import type { DesktopLauncher } from './desktops/desktop-launcher.js';
import type { JobIngest } from './job-ingest.js';
import type { JobSnapshot } from './job-snapshot.js';
import type { MetricSource } from './metrics/types.js';
import type { PowerController } from './power/types.js';
import type { CountedAdapter } from './scheduler/counted.js';

export type { ClusterConfig };

/**
 * One configured cluster at run time: everything the portal uses to reach it. A new way of
 * talking to the machine (metrics source, power controller, desktop launcher) joins as a field
 * here, made in create-registry.ts, so every module finds it by cluster id in one place.
 */
export interface ClusterEntry {
  config: ClusterConfig;
  /** The workload manager (local or Slurm), its calls counted for the benches. */
  scheduler: CountedAdapter;
  /** Files, shells and commands as a given user (local or ssh). */
  access: ClusterAccess;
  /** Node power over IPMI; null when the cluster's power actions are off. */
  power: PowerController | null;
  /** Node and asset metrics: the embedded collector and store, or Prometheus. */
  metrics: MetricSource;
  /** Remote desktops (Xvnc as the user) on the login node or this host. */
  desktops: DesktopLauncher;
  /** The active jobs and cluster state, read once per interval and shared by every viewer. */
  snapshot: JobSnapshot;
  /** Finished jobs copied from the scheduler's accounting into the database. */
  ingest: JobIngest;
  /** Makes the scheduler's accounts and associations match the portal's (sacctmgr on Slurm). */
  accounts: AccountSyncer;
  /** A user's home folder on the cluster, as the scheduler sees it (relative working directories start there). */
  homeOf(user: string): Promise<string>;
  /** Creates a working directory as the user when it does not exist yet. */
  ensureDir(user: string, path: string): Promise<void>;
  /** Milliseconds between snapshot refreshes and accounting reads. */
  interval(): Promise<number>;
}

/** The clusters the portal manages, by id; the first one is the default. */
export class ClusterRegistry {
  constructor(private readonly list: ClusterEntry[]) {
    if (list.length === 0) throw new Error('no cluster configured');
  }

  /** The cluster with this id, the default one when none is given; 404 for an unknown id. */
  get(id?: string | undefined): ClusterEntry {
    if (!id) return this.list[0] as ClusterEntry;
    const c = this.list.find((x) => x.config.id === id);
    if (!c) throw new AppError(ErrCode.PARAM_INVALID, 'notFound', `Unknown cluster ${id}`, { status: 404 });
    return c;
  }

  all(): readonly ClusterEntry[] {
    return this.list;
  }

  /** Takes the first snapshots, then keeps polling and ingesting in the background. */
  async start(): Promise<void> {
    await Promise.all(this.list.map((c) => c.snapshot.start()));
    for (const c of this.list) c.ingest.start(() => c.interval());
    for (const c of this.list) c.metrics.start();
  }

  /** Stops the pollers, then closes every adapter (scheduler connections, pooled ssh sessions). */
  async stop(): Promise<void> {
    for (const c of this.list) {
      await c.metrics.stop();
      await c.snapshot.stop();
      await c.ingest.stop();
      await c.scheduler.close();
    }
    await Promise.all(this.list.map((c) => c.access.close()));
  }
}
