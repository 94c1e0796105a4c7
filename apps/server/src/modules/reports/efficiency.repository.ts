import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { ZoneDays } from '../../lib/zone-days.js';
import type { UsageWhere } from './reports.repository.js';
import { jobsWhere } from './usage-reference.js';

/** One user's sums over the measured jobs (see the efficiency contract for each figure). */
export interface EfficiencySums {
  user: string;
  jobs: number;
  cpuMeasuredJobs: number;
  cpuSeconds: number;
  coreSeconds: number;
  memoryMeasuredJobs: number;
  memoryUsedMB: number;
  memoryRequestedMB: number;
  gpuMeasuredJobs: number;
  cardSeconds: number;
  /** Busy card-seconds × 100 (utilisation percent × run time, each job at most its cards). */
  gpuBusyPctSeconds: number;
  /** Jobs with neither a CPU time nor a peak memory. */
  unmeasuredJobs: number;
}

// A job counts for CPU when accounting gave its CPU time and it ran on cores for some time.
const cpuMeasured = sql`cpu_time_s is not null and elapsed_s > 0 and cpus > 0`;
// ... for memory when accounting gave its peak and it asked for some memory.
// coalesce: a NULL request would make `not (...)` below NULL, and the job would count nowhere.
const memMeasured = sql`max_rss_mb is not null and coalesce(memory_mb, 0) > 0`;
// ... for GPUs when it had cards and accounting gave their utilisation.
const gpuMeasured = sql`gpu_util_pct is not null and gpus > 0 and elapsed_s > 0`;
const countWhere = (cond: ReturnType<typeof sql>) => sql<number>`sum(case when ${cond} then 1 else 0 end)`;
const sumWhere = (cond: ReturnType<typeof sql>, value: ReturnType<typeof sql>) =>
  sql<number>`sum(case when ${cond} then ${value} else 0 end)`;

/**
 * Efficiency sums by user from the raw jobs table (the rollups keep no CPU time nor memory): the
 * range is read with the jobs' (user, end) and (cluster, end) indexes. A job's CPU seconds count at
 * most its core-seconds, so one job that reports more (accounting rounding, hyper-threads) cannot
 * lift others' efficiency.
 */
export const efficiencySums = async (db: Kysely<Database>, days: ZoneDays, w: UsageWhere): Promise<EfficiencySums[]> => {
  if (w.accounts?.length === 0) return [];
  const rows = await jobsWhere(db, days, w)
    .select([
      'user_name',
      sql<number>`count(*)`.as('jobs'),
      countWhere(cpuMeasured).as('cpu_jobs'),
      sumWhere(cpuMeasured, sql`case when cpu_time_s < core_seconds then cpu_time_s else core_seconds end`).as('cpu_s'),
      sumWhere(cpuMeasured, sql`core_seconds`).as('core_s'),
      countWhere(memMeasured).as('mem_jobs'),
      sumWhere(memMeasured, sql`max_rss_mb`).as('mem_used'),
      sumWhere(memMeasured, sql`memory_mb`).as('mem_req'),
      countWhere(gpuMeasured).as('gpu_jobs'),
      sumWhere(gpuMeasured, sql`card_seconds`).as('card_s'),
      sumWhere(gpuMeasured, sql`(case when gpu_util_pct < gpus * 100 then gpu_util_pct else gpus * 100 end) * elapsed_s`).as(
        'gpu_busy',
      ),
      countWhere(sql`not (${cpuMeasured}) and not (${memMeasured})`).as('unmeasured'),
    ])
    .groupBy('user_name')
    .execute();
  // PostgreSQL answers sums of bigint as numeric text.
  return rows.map((r) => ({
    user: r.user_name,
    jobs: Number(r.jobs),
    cpuMeasuredJobs: Number(r.cpu_jobs),
    cpuSeconds: Number(r.cpu_s),
    coreSeconds: Number(r.core_s),
    memoryMeasuredJobs: Number(r.mem_jobs),
    memoryUsedMB: Number(r.mem_used),
    memoryRequestedMB: Number(r.mem_req),
    gpuMeasuredJobs: Number(r.gpu_jobs),
    cardSeconds: Number(r.card_s),
    gpuBusyPctSeconds: Number(r.gpu_busy),
    unmeasuredJobs: Number(r.unmeasured),
  }));
};
