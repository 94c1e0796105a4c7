import type { Insertable, Kysely, SelectQueryBuilder } from 'kysely';
import { readPage, type PageOf, type PageRequest } from '../../db/paging.js';
import type { FileKind } from '../../db/report-file-tables.js';
import type { Database, ReportFileRow, ReportFilesTable } from '../../db/types.js';
import { whereUsage, type UsageWhere } from '../reports/index.js';

/** A finished job as a per-job report file writes it. */
export interface JobLine {
  id: number;
  end_at: number;
  job_id: string;
  user_name: string;
  account: string;
  queue: string;
  cluster_id: string;
  cpus: number;
  gpus: number;
  elapsed_s: number;
  core_seconds: number;
  card_seconds: number;
}

/** Where a page of jobs continues: after this (end time, row id). */
export interface JobCursor {
  endAt: number;
  id: number;
}

/**
 * Report files: the queue (rows in state QUEUE, of every kind: one worker writes them all), their
 * progress, and the jobs a per-job file reads. A user's list, pending files and kept files count per kind.
 */
export class ReportFilesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  insert(row: Insertable<ReportFilesTable>): Promise<ReportFileRow> {
    return this.db.insertInto('report_files').values(row).returningAll().executeTakeFirstOrThrow();
  }

  listForUser(userId: number, kind: FileKind, page: PageRequest): Promise<PageOf<ReportFileRow>> {
    const q = this.db.selectFrom('report_files').where('user_id', '=', userId).where('kind', '=', kind);
    return readPage(q, page, (p) => p.selectAll().orderBy('id', 'desc'));
  }

  find(id: number): Promise<ReportFileRow | undefined> {
    return this.db.selectFrom('report_files').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async countPending(userId: number, kind: FileKind): Promise<number> {
    const r = await this.db
      .selectFrom('report_files')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('state', 'in', ['QUEUE', 'RUNNING'])
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** The user's finished files past the newest `keep` of all their files of the kind (those to delete). */
  async finishedBeyond(userId: number, kind: FileKind, keep: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('report_files')
      .select(['id', 'state'])
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .orderBy('id', 'desc')
      .offset(keep)
      .limit(1_000_000)
      .execute();
    return rows.filter((r) => r.state !== 'QUEUE' && r.state !== 'RUNNING').map((r) => Number(r.id));
  }

  /** Files a previous process left RUNNING go back to the queue (they are written again from the start). */
  async requeueRunning(): Promise<number> {
    const res = await this.db
      .updateTable('report_files')
      .set({ state: 'QUEUE', progress: 0, rows_done: 0, size_bytes: 0, started_at: null })
      .where('state', '=', 'RUNNING')
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  /** The oldest queued file. */
  nextQueued(): Promise<ReportFileRow | undefined> {
    return this.db
      .selectFrom('report_files')
      .selectAll()
      .where('state', '=', 'QUEUE')
      .orderBy('id', 'asc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Marks a queued file RUNNING; false when it was deleted (or taken) meanwhile. */
  async claim(id: number, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('report_files')
      .set({ state: 'RUNNING', started_at: now })
      .where('id', '=', id)
      .where('state', '=', 'QUEUE')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async saveProgress(id: number, progress: number, rowsDone: number): Promise<void> {
    await this.db
      .updateTable('report_files')
      .set({ progress, rows_done: rowsDone })
      .where('id', '=', id)
      .where('state', '=', 'RUNNING')
      .execute();
  }

  async complete(id: number, rowsDone: number, sizeBytes: number, now: number): Promise<void> {
    await this.db
      .updateTable('report_files')
      .set({ state: 'COMPLETED', progress: 100, rows_done: rowsDone, size_bytes: sizeBytes, finished_at: now })
      .where('id', '=', id)
      .where('state', '=', 'RUNNING')
      .execute();
  }

  async fail(id: number, error: string, now: number): Promise<void> {
    await this.db
      .updateTable('report_files')
      .set({ state: 'FAILED', error, finished_at: now })
      .where('id', '=', id)
      .where('state', '=', 'RUNNING')
      .execute();
  }

  async markDownloaded(id: number): Promise<void> {
    await this.db
      .updateTable('report_files')
      .set({ state: 'DOWNLOAD' })
      .where('id', '=', id)
      .where('state', '=', 'COMPLETED')
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('report_files').where('id', '=', id).execute();
  }

  /** Finished jobs ending in [fromMs, toMs) that the report's limits let through. */
  private jobs(w: UsageWhere, fromMs: number, toMs: number): SelectQueryBuilder<Database, 'jobs', object> {
    return whereUsage(this.db.selectFrom('jobs').where('end_at', '>=', fromMs).where('end_at', '<', toMs), w);
  }

  async countJobs(w: UsageWhere, fromMs: number, toMs: number): Promise<number> {
    const r = await this.jobs(w, fromMs, toMs)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** One page of jobs by (end time, row id), after the cursor: keyset paging reads each row once, whatever the range's size. */
  async jobsPage(w: UsageWhere, fromMs: number, toMs: number, after: JobCursor | null, limit: number): Promise<JobLine[]> {
    let q = this.jobs(w, fromMs, toMs);
    // A row-value comparison: SQLite and PostgreSQL both start it in the (end_at, id) index.
    if (after) q = q.where((eb) => eb(eb.refTuple('end_at', 'id'), '>', eb.tuple(after.endAt, after.id)));
    const rows = await q
      .select([
        'id',
        'end_at',
        'job_id',
        'user_name',
        'account',
        'queue',
        'cluster_id',
        'cpus',
        'gpus',
        'elapsed_s',
        'core_seconds',
        'card_seconds',
      ])
      .orderBy('end_at', 'asc')
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
    // PostgreSQL answers bigint columns as text.
    return rows.map((r) => ({
      ...r,
      id: Number(r.id),
      end_at: Number(r.end_at),
      cpus: Number(r.cpus),
      gpus: Number(r.gpus),
      elapsed_s: Number(r.elapsed_s),
      core_seconds: Number(r.core_seconds),
      card_seconds: Number(r.card_seconds),
    }));
  }
}
