import type { Logger } from '../lib/logger.js';
import type { Clock } from '../lib/time.js';
import type { ActiveJob, ClusterInfo, SchedulerAdapter } from './scheduler/types.js';

export interface Snapshot {
  jobs: ActiveJob[];
  info: ClusterInfo;
  takenAt: number;
}

/**
 * One poller per cluster: it asks the scheduler for the active jobs and the cluster state once per
 * interval and keeps the answer. Every user's list is served from it, so the scheduler's load does
 * not grow with the number of people watching. When the scheduler stops answering, the last good
 * snapshot is kept but marked stale: its jobs are undetermined, never taken as finished.
 */
export class JobSnapshot {
  private last: Snapshot | null = null;
  private failure: { at: number; message: string } | null = null;
  private inFlight: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Called with the job ids that left the active list, so accounting can be read at once. */
  onJobsLeft: (ids: string[]) => void = () => {};

  constructor(
    private readonly adapter: SchedulerAdapter,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly intervalMs: () => Promise<number>,
  ) {}

  /** Refreshes now; concurrent callers share one scheduler round trip. */
  refresh(): Promise<void> {
    this.inFlight ??= this.take().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async take(): Promise<void> {
    try {
      const [jobs, info] = await Promise.all([this.adapter.activeJobs(), this.adapter.clusterInfo()]);
      const before = this.last ? new Set(this.last.jobs.map((j) => j.jobId)) : null;
      this.last = { jobs, info, takenAt: this.clock.now() };
      if (this.failure) this.log.info('the scheduler answers again');
      this.failure = null;
      if (before) {
        const now = new Set(jobs.map((j) => j.jobId));
        const left = [...before].filter((id) => !now.has(id));
        if (left.length) this.onJobsLeft(left);
      }
    } catch (err) {
      if (!this.failure) this.log.warn({ err }, 'the scheduler does not answer');
      this.failure = { at: this.clock.now(), message: (err as Error).message };
    }
  }

  /** The current snapshot, or the reason it cannot be trusted. */
  read(): { ok: true; snapshot: Snapshot } | { ok: false; lastGoodAt: number | null } {
    if (this.failure || !this.last) return { ok: false, lastGoodAt: this.last?.takenAt ?? null };
    return { ok: true, snapshot: this.last };
  }

  /** Starts polling: the first snapshot is taken before this resolves. */
  async start(): Promise<void> {
    await this.refresh();
    const loop = async () => {
      if (this.stopped) return;
      await this.refresh();
      this.timer = setTimeout(() => void loop(), await this.intervalMs());
      this.timer.unref();
    };
    this.timer = setTimeout(() => void loop(), await this.intervalMs());
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.inFlight;
  }
}
