import { ErrCode } from '@portal/shared';
import type { SchedulerAdapter } from '../../cluster/scheduler/types.js';
import type { Config } from '../../config/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { JobIngest } from './job-ingest.js';
import type { JobSnapshot } from './job-snapshot.js';

export type ClusterConfig = Config['clusters'][number];

/** A configured cluster at run time: its scheduler, its shared snapshot and its accounting ingest. */
export interface ClusterRuntime {
  config: ClusterConfig;
  adapter: SchedulerAdapter;
  snapshot: JobSnapshot;
  ingest: JobIngest;
  /** A user's home folder on the cluster (relative working directories start there). */
  homeOf(user: string): Promise<string>;
  /** Creates a working directory as the user when it does not exist yet. */
  ensureDir(user: string, path: string): Promise<void>;
  /** Milliseconds between snapshot refreshes and accounting reads. */
  interval(): Promise<number>;
}

export const schedulerError = (lastSnapshotAt: number | null = null) =>
  new AppError(ErrCode.CONNECTION_INTERRUPTED, 'schedulerError', 'Job Scheduler Error!', {
    status: 503,
    extra: { lastSnapshotAt: lastSnapshotAt === null ? null : new Date(lastSnapshotAt).toISOString() },
  });

/** The clusters the portal manages; the first one is the default. */
export class Clusters {
  constructor(private readonly list: ClusterRuntime[]) {
    if (list.length === 0) throw new Error('no cluster configured');
  }

  get(id?: string | undefined): ClusterRuntime {
    if (!id) return this.list[0] as ClusterRuntime;
    const c = this.list.find((x) => x.config.id === id);
    if (!c) throw new AppError(ErrCode.PARAM_INVALID, 'notFound', `Unknown cluster ${id}`, { status: 404 });
    return c;
  }

  all(): readonly ClusterRuntime[] {
    return this.list;
  }

  /** Takes the first snapshots, then keeps polling and ingesting in the background. */
  async start(): Promise<void> {
    await Promise.all(this.list.map((c) => c.snapshot.start()));
    for (const c of this.list) c.ingest.start(() => c.interval());
  }

  async stop(): Promise<void> {
    for (const c of this.list) {
      await c.snapshot.stop();
      await c.ingest.stop();
      await c.adapter.close();
    }
  }
}
