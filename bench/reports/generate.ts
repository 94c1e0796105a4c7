/*
 * Synthetic finished jobs for bench/reports: ten years of a centre with 2,000 users, 300 accounts,
 * 10 queues and 2 clusters, repeatable from a seed. Skewed as real centres are: a few users and
 * accounts run most of the jobs, each user keeps to a favourite queue and a default account, and
 * the centre grows (the last year holds about three times the first year's jobs).
 */
import type { FinishedJob } from '../../apps/server/src/cluster/scheduler/types.js';
import { JOB_COLUMNS } from '../../apps/server/src/modules/jobs/jobs-upsert.js';
import { toJobRow } from '../../apps/server/src/modules/jobs/jobs.repository.js';

export { JOB_COLUMNS };

/** The data's span: end times from 2016-01-01 to 2025-12-31 (UTC); 2025 is its last full year. */
export const SPAN = { from: Date.UTC(2016, 0, 1), to: Date.UTC(2026, 0, 1) };
export const REPORT_YEAR = 2025;

export const USERS = 2000;
export const ACCOUNTS = 300;
export const QUEUES = ['cpu', 'cpu-short', 'cpu-long', 'debug', 'bigmem', 'fat', 'preempt', 'gpu', 'gpu-a100', 'gpu-short'];
const GPU_QUEUES = new Set(['gpu', 'gpu-a100', 'gpu-short']);
export const CLUSTERS = ['hpc1', 'hpc2'];
const CORES = [1, 1, 1, 2, 4, 8, 16, 24, 32, 48, 64, 128, 256];
const STATES: [string, FinishedJob['exitStatus'], string][] = [
  ['COMPLETED', 'complete', '0:0'],
  ['FAILED', 'fail', '1:0'],
  ['CANCELLED', 'delete', '0:15'],
  ['TIMEOUT', 'timeout', '0:1'],
];

/** mulberry32: repeatable, and its low bits are as random as its high ones. */
export const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};

const userName = (i: number) => `u${String(i).padStart(4, '0')}`;
const accountName = (i: number) => `acct${String(i).padStart(3, '0')}`;

interface Person {
  name: string;
  accounts: string[];
  queue: string;
  cluster: number;
}

/** Who runs jobs: user i's share falls off as a power law (the top 1% run about a fifth of all jobs). */
const population = (): Person[] => {
  const r = random(7);
  return Array.from({ length: USERS }, (_, i) => {
    // Busy accounts have many members: the account index is skewed too.
    const primary = Math.floor(ACCOUNTS * r() ** 2);
    const second = Math.floor(ACCOUNTS * r());
    return {
      name: userName(i),
      accounts: r() < 0.3 ? [accountName(primary), accountName(second)] : [accountName(primary)],
      queue: QUEUES[Math.floor(QUEUES.length * r() ** 1.5)] as string,
      cluster: r() < 0.7 ? 0 : 1,
    };
  });
};

export const PEOPLE = population();

/**
 * A stream of jobs, the same for the same seed. Jobs come in bursts (job arrays, parameter
 * sweeps): half the submissions are one job, the rest 2 to 100 jobs of one user, account, queue
 * and cluster ending within six hours of each other (about 11 jobs a burst on average). End times
 * follow a density growing linearly from 1 to 3 over the window.
 */
export const jobStream = (seed: number, window = SPAN) => {
  const r = random(seed);
  let left = 0;
  let burst = { p: PEOPLE[0] as Person, queue: '', account: '', cluster: '', end: 0 };
  return (i: number): FinishedJob & { cluster: string } => {
    if (left === 0) {
      left = r() < 0.5 ? 1 : Math.floor(Math.exp(Math.log(2) + r() * Math.log(50)));
      const p = PEOPLE[Math.floor(USERS * r() ** 3)] as Person;
      const t = (-1 + Math.sqrt(1 + 8 * r())) / 2; // inverse of the CDF (t + t²) / 2
      burst = {
        p,
        queue: r() < 0.8 ? p.queue : (QUEUES[Math.floor(QUEUES.length * r())] as string),
        account: r() < 0.85 ? (p.accounts[0] as string) : (p.accounts[p.accounts.length - 1] as string),
        cluster: CLUSTERS[r() < 0.9 ? p.cluster : 1 - p.cluster] as string,
        end: window.from + Math.floor(t * (window.to - window.from - 6 * 3_600_000)),
      };
    }
    left--;
    const { p, queue, account, cluster } = burst;
    const endTime = burst.end + Math.floor(r() * 6 * 3_600_000);
    const elapsed = Math.round(Math.exp(Math.log(30) + r() * Math.log(172_800 / 30)));
    const cpus = CORES[Math.floor(CORES.length * r())] as number;
    const gpus = GPU_QUEUES.has(queue) ? 1 + Math.floor(8 * r() ** 2) : 0;
    const [schedulerState, exitStatus, exitCode] = STATES[r() < 0.8 ? 0 : 1 + Math.floor(3 * r())] as (typeof STATES)[number];
    const startTime = endTime - elapsed * 1000;
    const submitTime = startTime - Math.floor(r() * 3_600_000);
    return {
      cluster,
      jobId: String(i + 1),
      name: `job-${i}`,
      user: p.name,
      group: p.name,
      account,
      partition: queue,
      schedulerState,
      exitStatus,
      exitCode,
      submitTime,
      eligibleTime: submitTime,
      startTime,
      endTime,
      elapsed,
      timeLimit: 172_800,
      nodes: Math.max(1, Math.ceil(cpus / 64)),
      cpus,
      gpus,
      nodeList: 'cn[001-004]',
      memoryMB: 4000,
      maxRssMB: 1200,
      gpuUtil: null,
      cpuTime: cpus * elapsed,
      workDir: `/home/${p.name}/work`,
      restartCount: 0,
      exclusive: false,
    };
  };
};
export type BenchJob = ReturnType<ReturnType<typeof jobStream>>;

/** The jobs table's columns the bulk load writes, in order, and each one's PostgreSQL array type. */
/** A job as the values of the server's JOB_COLUMNS: the row saveFinished would store for it. */
export const jobValues = (j: BenchJob, now: number): (string | number | null)[] => {
  const row = toJobRow(j.cluster, j, now);
  return JOB_COLUMNS.map(([c]) => row[c] ?? null);
};

/** End times of new jobs in ingest batches: a large centre's 100,000 jobs a day. */
const INGEST_MS_PER_JOB = 864;

/**
 * New jobs as accounting hands them to ingest (JobIngest reads the jobs that ended since its
 * watermark): `batches` batches of `size` in end-time order, each batch the jobs that ended after
 * the previous batch's, all after `after` (the latest end time stored, so a later run appends after
 * this one), at a large centre's rate of 100,000 jobs a day. Job ids count on from `firstId`.
 */
export const ingestBatches = (seed: number, after: number, firstId: number, batches: number, size: number): BenchJob[][] => {
  const total = batches * size;
  const job = jobStream(seed, { from: after + 1, to: after + 1 + total * INGEST_MS_PER_JOB + 6 * 3_600_000 });
  const jobs = Array.from({ length: total }, (_, i) => job(firstId + i)).sort((a, b) => a.endTime - b.endTime);
  return Array.from({ length: batches }, (_, b) => jobs.slice(b * size, (b + 1) * size));
};

/** A batch's jobs by cluster: ingest saves one call a cluster, as each cluster's JobIngest does. */
export const byCluster = (jobs: readonly BenchJob[]): Map<string, BenchJob[]> => {
  const m = new Map<string, BenchJob[]>();
  for (const j of jobs) {
    const list = m.get(j.cluster);
    if (list) list.push(j);
    else m.set(j.cluster, [j]);
  }
  return m;
};
