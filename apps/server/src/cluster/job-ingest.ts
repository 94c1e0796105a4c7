import { FreshRun } from '../lib/fresh-run.js';
import type { Logger } from '../lib/logger.js';
import type { Clock } from '../lib/time.js';
import type { FinishedJob, SchedulerAdapter } from './scheduler/types.js';

/**
 * Where ingested jobs are kept: the jobs module's repository. Saving a batch and reading the
 * watermark are separate calls, so the watermark moves only after the jobs are stored.
 */
export interface AccountingStore {
  /** Inserts or updates the cluster's finished jobs (a job read again is the same row). */
  saveFinished(clusterId: string, jobs: FinishedJob[], now: number): Promise<void>;
  watermark(clusterId: string): Promise<number | null>;
  setWatermark(clusterId: string, watermark: number, now: number): Promise<void>;
}

const DAY_MS = 86_400_000;

/**
 * Copies finished jobs from the scheduler's accounting into the `jobs` table, by end time. Each
 * run re-reads a safety window before the watermark (late accounting records), writes with upsert
 * (so re-reading is harmless) and only then moves the watermark: a crash loses and duplicates
 * nothing, and a restart carries on from the stored watermark.
 */
export class JobIngest {
  private readonly runs = new FreshRun(() => this.ingest());
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly clusterId: string,
    private readonly adapter: SchedulerAdapter,
    private readonly store: AccountingStore,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly opts: { safetyWindowMs: number; firstLookbackMs: number } = {
      safetyWindowMs: 10 * 60_000,
      firstLookbackMs: 30 * DAY_MS,
    },
  ) {}

  /**
   * Ingests with a read that starts after this call (a job that has just ended may be missing from
   * one already in flight); callers meanwhile share one run. Answers how many records were read.
   */
  run(): Promise<number> {
    return this.runs.run();
  }

  private async ingest(): Promise<number> {
    const now = this.clock.now();
    const watermark = (await this.store.watermark(this.clusterId)) ?? now - this.opts.firstLookbackMs;
    let finished;
    try {
      finished = await this.adapter.finishedSince(watermark - this.opts.safetyWindowMs);
    } catch (err) {
      this.log.warn({ err, cluster: this.clusterId }, 'accounting could not be read; will retry');
      return 0;
    }
    await this.store.saveFinished(this.clusterId, finished, now);
    const newest = finished.reduce((m, j) => Math.max(m, j.endTime), watermark);
    // Never past now: a clock skew on the scheduler must not make us skip real records.
    await this.store.setWatermark(this.clusterId, Math.min(newest, now), now);
    return finished.length;
  }

  start(intervalMs: () => Promise<number>): void {
    const loop = async () => {
      if (this.stopped) return;
      await this.runs.join();
      this.timer = setTimeout(() => void loop(), await intervalMs());
      this.timer.unref();
    };
    void loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.runs.idle();
  }
}
