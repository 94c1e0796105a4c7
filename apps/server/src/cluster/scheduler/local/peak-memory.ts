import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

/*
 * Peak resident memory of the built-in scheduler's jobs (docs/reports.md, "Job efficiency"). A job's
 * processes are the descendants of its wrapper (the wrapper itself is the portal's, not the job's),
 * found through /proc/<pid>/task/<pid>/children. Each sample takes the larger of the processes'
 * summed resident memory now and the largest peak (VmHWM) any one of them reached so far, so a
 * single process's peak between two samples is not missed; memory shared between processes counts
 * once per process, as Slurm's jobacct_gather/linux counts it. Without /proc nothing is measured.
 */

const HAS_PROC = existsSync('/proc/self/status');
/** More processes than this in one job are not followed (a fork bomb must not stall the scheduler). */
const MAX_PROCESSES = 2000;

const read = (path: string) => readFile(path, 'utf8').catch(() => '');

const kib = (status: string, field: string): number => {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return m ? Number(m[1]) : 0;
};

const childrenOf = async (pid: number): Promise<number[]> =>
  (await read(`/proc/${pid}/task/${pid}/children`))
    .split(/\s+/)
    .filter((s) => /^\d+$/.test(s))
    .map(Number);

/** MiB the processes below `wrapperPid` hold now (or one of them held at its peak); null without /proc or processes. */
export const sampleTreeMB = async (wrapperPid: number): Promise<number | null> => {
  if (!HAS_PROC) return null;
  const seen = new Set<number>();
  let queue = await childrenOf(wrapperPid);
  let rssKiB = 0;
  let peakKiB = 0;
  while (queue.length > 0 && seen.size < MAX_PROCESSES) {
    const next: number[] = [];
    for (const pid of queue) {
      if (seen.has(pid)) continue;
      seen.add(pid);
      const status = await read(`/proc/${pid}/status`);
      rssKiB += kib(status, 'VmRSS');
      peakKiB = Math.max(peakKiB, kib(status, 'VmHWM'));
      next.push(...(await childrenOf(pid)));
    }
    queue = next;
  }
  if (seen.size === 0) return null;
  return Math.ceil(Math.max(rssKiB, peakKiB) / 1024);
};

/** The running jobs' peaks so far, sampled at most every `everyMs` per job. */
export class PeakMemory {
  private readonly peaks = new Map<number, { mb: number | null; sampledAt: number }>();

  constructor(
    private readonly everyMs: number,
    private readonly sample: (pid: number) => Promise<number | null> = sampleTreeMB,
  ) {}

  async observe(jobId: number, pid: number, now: number): Promise<void> {
    const known = this.peaks.get(jobId);
    if (known && now - known.sampledAt < this.everyMs) return;
    const mb = await this.sample(pid);
    const peak = mb === null ? (known?.mb ?? null) : Math.max(mb, known?.mb ?? 0);
    this.peaks.set(jobId, { mb: peak, sampledAt: now });
  }

  /**
   * The run's peak, forgotten here (the run ended). null: never measured (it ended before a
   * sample, or the server restarted since: the processes' own VmHWM still covers their lives).
   */
  take(jobId: number): number | null {
    const mb = this.peaks.get(jobId)?.mb ?? null;
    this.peaks.delete(jobId);
    return mb;
  }
}
