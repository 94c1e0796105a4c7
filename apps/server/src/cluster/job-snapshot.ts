import { FreshRun } from '../lib/fresh-run.js';
import type { Logger } from '../lib/logger.js';
import type { Clock } from '../lib/time.js';
import type { ActiveJob, ClusterInfo, SchedulerAdapter } from './scheduler/types.js';

/** After an action on a scheduler that does not say when jobs change: re-reads while the jobs move (bounded). */
const SETTLE_DELAYS_MS = [500, 1000, 1500, 2000, 3000];

export interface Snapshot {
  jobs: ActiveJob[];
  /** The same jobs by account ('' for none): the quota check reads one account's at submission. */
  byAccount: ReadonlyMap<string, readonly ActiveJob[]>;
  info: ClusterInfo;
  takenAt: number;
}

const groupByAccount = (jobs: readonly ActiveJob[]): Map<string, ActiveJob[]> => {
  const groups = new Map<string, ActiveJob[]>();
  for (const j of jobs) {
    const list = groups.get(j.account);
    if (list) list.push(j);
    else groups.set(j.account, [j]);
  }
  return groups;
};

/**
 * One poller per cluster: it asks the scheduler for the active jobs and the cluster state once per
 * interval and keeps the answer. Every user's list is served from it, so the scheduler's load does
 * not grow with the number of people watching. When the scheduler stops answering, the last good
 * snapshot is kept but marked stale: its jobs are undetermined, never taken as finished.
 *
 * A scheduler that says when its jobs change (the built-in one) is read again at once then, so a
 * job that ends shows as ended without waiting for the next poll. After an action the snapshot is
 * read again by a read that starts after the action; on a scheduler that does not say (Slurm) a
 * few quick reads follow while the acted-on jobs are still moving.
 */
export class JobSnapshot {
  private last: Snapshot | null = null;
  private failure: { at: number; message: string } | null = null;
  private readonly reads = new FreshRun(() => this.take());
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private unsubscribe: (() => void) | null = null;

  /** Called with the job ids that left the active list, so accounting can be read at once. */
  onJobsLeft: (ids: string[]) => void = () => {};

  constructor(
    private readonly adapter: SchedulerAdapter,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly intervalMs: () => Promise<number>,
    private readonly settleDelaysMs: readonly number[] = SETTLE_DELAYS_MS,
  ) {}

  /**
   * Refreshes with a scheduler read that starts after this call (a read already in flight may
   * predate the caller's action); callers that come while one is in flight share one more read.
   */
  refresh(): Promise<void> {
    return this.reads.run();
  }

  /**
   * After an action on `jobIds`: a fresh read now, and on a scheduler that does not tell when jobs
   * change, a few more in the background while those jobs are exiting or still changing state.
   */
  async refreshAfterAction(jobIds: readonly string[]): Promise<void> {
    await this.refresh();
    if (this.adapter.onJobsChanged || this.stopped) return;
    // In the background: the action's answer need not wait for the job to finish exiting.
    void this.settle(new Set(jobIds));
  }

  private async settle(ids: Set<string>): Promise<void> {
    let before = this.statesOf(ids);
    for (const delay of this.settleDelaysMs) {
      if (this.stopped) return;
      // Unref'd, and a wake-up after stop() reads nothing.
      await new Promise((r) => setTimeout(r, delay).unref());
      if (this.stopped) return;
      await this.refresh();
      const now = this.statesOf(ids);
      const moving = [...now.values()].includes('E') || [...ids].some((id) => before.get(id) !== now.get(id));
      if (!moving) return;
      before = now;
    }
  }

  /** The acted-on jobs' states in the last snapshot (absent: no longer active). */
  private statesOf(ids: Set<string>): Map<string, string> {
    return new Map((this.last?.jobs ?? []).filter((j) => ids.has(j.jobId)).map((j) => [j.jobId, j.state]));
  }

  private async take(): Promise<void> {
    try {
      const [jobs, info] = await Promise.all([this.adapter.activeJobs(), this.adapter.clusterInfo()]);
      const before = this.last ? new Set(this.last.jobs.map((j) => j.jobId)) : null;
      // Grouped here, once per read, so no request pays for it.
      this.last = { jobs, byAccount: groupByAccount(jobs), info, takenAt: this.clock.now() };
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
  read(): { ok: true; snapshot: Snapshot } | { ok: false; lastGoodAt: number | null; error: string | null } {
    if (this.failure || !this.last)
      return { ok: false, lastGoodAt: this.last?.takenAt ?? null, error: this.failure?.message ?? null };
    return { ok: true, snapshot: this.last };
  }

  /** Starts polling: the first snapshot is taken before this resolves. */
  async start(): Promise<void> {
    await this.refresh();
    // Many changes at once (a scheduling pass) cost one read in flight and one queued.
    this.unsubscribe = this.adapter.onJobsChanged?.(() => void this.refresh()) ?? null;
    const loop = async () => {
      if (this.stopped) return;
      await this.reads.join();
      this.timer = setTimeout(() => void loop(), await this.intervalMs());
      this.timer.unref();
    };
    this.timer = setTimeout(() => void loop(), await this.intervalMs());
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    await this.reads.idle();
  }
}
