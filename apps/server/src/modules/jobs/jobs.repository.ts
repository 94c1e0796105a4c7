import { sql, type Kysely } from 'kysely';
import type { AccountingStore } from '../../cluster/job-ingest.js';
import type { FinishedJob } from '../../cluster/scheduler/types.js';
import { containsIgnoreCase } from '../../db/like.js';
import { readPage, type PageOf, type PageRequest } from '../../db/paging.js';
import type { Database, JobRow, NewJobRow } from '../../db/types.js';
import type { ZoneDays } from '../../lib/zone-days.js';
import { isPostgres, runBulkWrites } from '../../db/bulk-writes.js';
import { jobsWrites } from './jobs-upsert.js';
import { dailyDeltas, dailyWrites } from './usage-daily.js';
import { jobKey, storedContributions, usageDeltas, usageTotalsWrite } from './usage-totals.js';

export interface HistoryFilter {
  clusterId: string;
  /** Only this user's jobs (users without jobs:readAll), or a filter chosen by an admin. */
  user?: string | undefined;
  exitStatuses?: string[] | undefined;
  queue?: string | undefined;
  name?: string | undefined;
  jobId?: string | undefined;
  /** End time window, epoch ms. */
  from?: number | undefined;
  to?: number | undefined;
}

const sortColumns = {
  jobId: 'job_id',
  name: 'name',
  userName: 'user_name',
  queue: 'queue',
  jobStatus: 'exit_status',
  submitTime: 'submit_at',
  startTime: 'start_at',
  endTime: 'end_at',
  runtime: 'elapsed_s',
  coreNum: 'cpus',
  priority: 'end_at',
} as const;
export type HistorySort = keyof typeof sortColumns;

/** Turns an accounting record into a row; core- and card-seconds are kept as integers for billing. */
export const toJobRow = (clusterId: string, j: FinishedJob, now: number): NewJobRow => ({
  cluster_id: clusterId,
  job_id: j.jobId,
  name: j.name,
  user_name: j.user,
  user_group: j.group,
  account: j.account,
  queue: j.partition,
  scheduler_state: j.schedulerState,
  exit_status: j.exitStatus,
  exit_code: j.exitCode,
  submit_at: j.submitTime ?? 0,
  eligible_at: j.eligibleTime,
  start_at: j.startTime,
  end_at: j.endTime,
  elapsed_s: j.elapsed,
  time_limit_s: j.timeLimit,
  nodes: j.nodes,
  cpus: j.cpus,
  gpus: j.gpus,
  node_list: j.nodeList,
  memory_mb: j.memoryMB,
  max_rss_mb: j.maxRssMB,
  cpu_time_s: j.cpuTime,
  gpu_util_pct: j.gpuUtil,
  core_seconds: j.cpus * j.elapsed,
  card_seconds: j.gpus * j.elapsed,
  work_dir: j.workDir,
  restart_count: j.restartCount,
  exclusive: j.exclusive ? 1 : 0,
  ingested_at: now,
});

/**
 * Work other modules do on the rows of each ingest inside its transaction (bills charge balances,
 * job-end notices write the outbox): every row of the batch, and those new to the table.
 */
export type IngestHook = (trx: Kysely<Database>, rows: readonly NewJobRow[], added: readonly NewJobRow[]) => Promise<void>;

/** Finished jobs: written by ingest, read by history lists, details and reports. */
export class JobsRepository implements AccountingStore {
  /** `days`: the report time zone's calendar, which keys the daily rollups. */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly days: ZoneDays,
    private readonly onIngest?: IngestHook,
  ) {}

  /**
   * Stores a batch of finished jobs and moves the usage totals and the daily rollups by what the
   * batch changes, in one transaction: a job read again (the safety window) counts once, and a
   * corrected one (other seconds, another account, another end day) moves only the difference.
   */
  async saveFinished(clusterId: string, jobs: FinishedJob[], now: number): Promise<void> {
    // The same job twice in one batch is one row (the later record wins).
    const rows = [...new Map(jobs.map((j) => toJobRow(clusterId, j, now)).map((r) => [jobKey(r), r])).values()];
    if (rows.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      // PostgreSQL: the commit does not wait for its WAL flush. A crash may lose the last batches
      // whole (never a part: jobs, rollups and charges are one transaction), but never one the
      // watermark has passed: setWatermark commits later, synchronously, and so flushes the WAL
      // up to and past this commit. A lost batch is read again from the older watermark.
      if (isPostgres<Database>(trx)) await sql`set local synchronous_commit = off`.execute(trx);
      const before = await storedContributions(
        trx,
        clusterId,
        rows.map((r) => r.job_id),
      );
      // On PostgreSQL all the writes are one statement (db/bulk-writes.ts).
      await runBulkWrites(trx, [
        ...jobsWrites(trx, rows, before),
        usageTotalsWrite(trx, usageDeltas(rows, before)),
        ...dailyWrites(trx, dailyDeltas(this.days, rows, before)),
      ]);
      await this.onIngest?.(
        trx,
        rows,
        rows.filter((r) => !before.has(jobKey(r))),
      );
    });
  }

  async watermark(clusterId: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('ingest_watermarks')
      .select('watermark')
      .where('cluster_id', '=', clusterId)
      .executeTakeFirst();
    return row ? Number(row.watermark) : null;
  }

  async setWatermark(clusterId: string, watermark: number, now: number): Promise<void> {
    await this.db
      .insertInto('ingest_watermarks')
      .values({ cluster_id: clusterId, watermark, updated_at: now })
      .onConflict((oc) => oc.column('cluster_id').doUpdateSet({ watermark, updated_at: now }))
      .execute();
  }

  async find(clusterId: string, jobId: string): Promise<JobRow | undefined> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('cluster_id', '=', clusterId)
      .where('job_id', '=', jobId)
      .orderBy('submit_at', 'desc')
      .executeTakeFirst();
  }

  list(f: HistoryFilter, page: PageRequest, sort: { by: HistorySort; order: 'asc' | 'desc' }): Promise<PageOf<JobRow>> {
    let q = this.db.selectFrom('jobs').where('cluster_id', '=', f.clusterId);
    if (f.user) q = q.where('user_name', '=', f.user);
    if (f.exitStatuses?.length) q = q.where('exit_status', 'in', f.exitStatuses);
    if (f.queue) q = q.where('queue', '=', f.queue);
    if (f.name) q = q.where(containsIgnoreCase('name', f.name));
    if (f.jobId) q = q.where('job_id', '=', f.jobId);
    if (f.from !== undefined) q = q.where('end_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('end_at', '<=', f.to);
    return readPage(q, page, (p) => p.selectAll().orderBy(sortColumns[sort.by], sort.order).orderBy('id', sort.order));
  }

  /** Core- and card-seconds and job count of a user's jobs that ended in [from, to). */
  async usage(user: string, from: number, to: number): Promise<{ jobs: number; coreSeconds: number; cardSeconds: number }> {
    const row = await this.db
      .selectFrom('jobs')
      .select((eb) => [
        eb.fn.countAll<number>().as('jobs'),
        eb.fn.coalesce(eb.fn.sum<number>('core_seconds'), eb.lit(0)).as('core'),
        eb.fn.coalesce(eb.fn.sum<number>('card_seconds'), eb.lit(0)).as('card'),
      ])
      .where('user_name', '=', user)
      .where('end_at', '>=', from)
      .where('end_at', '<', to)
      .executeTakeFirstOrThrow();
    return { jobs: Number(row.jobs), coreSeconds: Number(row.core), cardSeconds: Number(row.card) };
  }
}
