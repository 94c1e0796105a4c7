import type { FinishedJob } from '../../cluster/scheduler/types.js';

/* Finished jobs for the reports' tests: the end time and the counted figures are what matters. */

export interface TestJob {
  user?: string;
  account?: string;
  queue?: string;
  /** ISO instant the job ended. */
  end: string;
  cpus?: number;
  gpus?: number;
  /** Seconds it ran (core-seconds = cpus × elapsed). */
  elapsed?: number;
  /** Accounting's figures for the efficiency report (null or absent: not measured). */
  memoryMB?: number | null;
  maxRssMB?: number | null;
  cpuTime?: number | null;
  gpuUtil?: number | null;
}

export const finishedJob = (jobId: string, j: TestJob): FinishedJob => {
  const end = Date.parse(j.end);
  const elapsed = j.elapsed ?? 3600;
  return {
    jobId,
    name: `job-${jobId}`,
    user: j.user ?? 'rp_alice',
    group: j.user ?? 'rp_alice',
    account: j.account ?? 'rp_chem',
    partition: j.queue ?? 'compute',
    schedulerState: 'COMPLETED',
    exitStatus: 'complete',
    exitCode: '0:0',
    // One submit time for all: a job's identity (id, submit time) stays when its end is corrected.
    submitTime: Date.parse('2020-01-01T00:00:00Z'),
    eligibleTime: end - elapsed * 1000,
    startTime: end - elapsed * 1000,
    endTime: end,
    elapsed,
    timeLimit: elapsed * 2,
    nodes: 1,
    cpus: j.cpus ?? 1,
    gpus: j.gpus ?? 0,
    nodeList: 'n1',
    memoryMB: j.memoryMB ?? null,
    maxRssMB: j.maxRssMB ?? null,
    gpuUtil: j.gpuUtil ?? null,
    cpuTime: j.cpuTime ?? null,
    workDir: '/tmp',
    restartCount: 0,
    exclusive: false,
  };
};
