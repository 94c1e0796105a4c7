import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import {
  ErrCode,
  REPORT_FILES_KEPT,
  REPORT_FILES_PENDING_MAX,
  type ReportDimension,
  type ReportFile,
  type ReportFileFilter,
  type ReportFileFormat,
  type ReportScope,
} from '@portal/shared';
import type { ReportFileRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import type { Auth } from '../../lib/auth.js';
import type { Logger } from '../../lib/logger.js';
import { iso, isoOrNull, type Clock } from '../../lib/time.js';
import type { ZoneDays } from '../../lib/zone-days.js';
import type { ReportsService, UsageWhere } from '../reports/index.js';
import { fileNameOf, writeReport } from './report-file-job.js';
import type { ReportFilesRepository } from './report-files.repository.js';

/*
 * Report files (docs/reports.md): a usage report written to xlsx or csv in the background. The
 * database is the queue; this process writes one file at a time. The scope is resolved when the
 * file is asked for (the same check as the usage reports) and kept with it, so the file holds
 * exactly what the asker could see then. A file a stopped process left RUNNING goes back to the
 * queue at start and is written again from the beginning (the rows are all in the database).
 */

export interface ReportFileOptions {
  /** Rows read from the database per page (and between progress updates). */
  pageRows: number;
  /** Files a user keeps; the oldest finished ones past it are deleted. */
  kept: number;
  /** Files a user may have queued or being written at once. */
  pendingMax: number;
  /** Awaited before each page is written (tests hold a file RUNNING with it). */
  beforePage: (() => Promise<void>) | null;
}

export const DEFAULT_REPORT_FILE_OPTIONS: ReportFileOptions = {
  pageRows: 5000,
  kept: REPORT_FILES_KEPT,
  pendingMax: REPORT_FILES_PENDING_MAX,
  beforePage: null,
};

export interface ReportFileInput {
  from: string;
  to: string;
  scope: ReportScope;
  clusterId?: string | undefined;
  user?: string | undefined;
  account?: string | undefined;
  queue?: string | undefined;
  groupBy: ReportDimension;
  format: ReportFileFormat;
  detail: 'summary' | 'jobs';
  lang: 'en' | 'zh';
}

export interface ReportFilesDeps {
  repo: ReportFilesRepository;
  reports: ReportsService;
  days: ZoneDays;
  /** The portal's data folder: files live in <dataDir>/report-files. */
  dataDir: string;
  clock: Clock;
  log: Logger;
}

const notFound = () =>
  new AppError(ErrCode.PARAM_INVALID, 'reportFileNotFound', 'This report file does not exist', { status: 404 });
const notReady = () =>
  new AppError(ErrCode.PARAM_INVALID, 'reportFileNotReady', 'This report file is not written yet, or failed', { status: 409 });
const tooMany = (max: number) =>
  new AppError(ErrCode.PARAM_INVALID, 'tooManyReportFiles', `At most ${max} report files may wait or be written at once`, {
    status: 409,
    extra: { max },
  });

export const toReportFile = (row: ReportFileRow): ReportFile => ({
  id: Number(row.id),
  name: row.name,
  format: row.format,
  state: row.state,
  progress: Number(row.progress),
  rows: Number(row.rows_done),
  sizeBytes: Number(row.size_bytes),
  error: row.error,
  createdAt: iso(Number(row.created_at)),
  finishedAt: isoOrNull(row.finished_at === null ? null : Number(row.finished_at)),
  filter: JSON.parse(row.filter) as ReportFileFilter,
});

export class ReportFilesService {
  readonly options: ReportFileOptions;
  private readonly dir: string;
  /** The file being written by this process, and whether it should stop. */
  private current: { id: number; stop: boolean; done: Promise<void> } | null = null;
  private working: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly d: ReportFilesDeps,
    options: Partial<ReportFileOptions> = {},
  ) {
    this.options = { ...DEFAULT_REPORT_FILE_OPTIONS, ...options };
    this.dir = join(resolve(d.dataDir), 'report-files');
  }

  /** At start: files a previous process left RUNNING are queued again; the queue starts. Answers how many. */
  async recover(): Promise<number> {
    const requeued = await this.d.repo.requeueRunning();
    this.pump();
    return requeued;
  }

  async create(auth: Auth, input: ReportFileInput): Promise<ReportFile> {
    // The usage reports' own check: the range, and whose jobs this scope shows to this user.
    const where = await this.d.reports.where(auth, input);
    if ((await this.d.repo.countPending(auth.user.id)) >= this.options.pendingMax) throw tooMany(this.options.pendingMax);
    const filter: ReportFileFilter = {
      from: input.from,
      to: input.to,
      scope: input.scope,
      clusterId: input.clusterId || null,
      user: input.user || null,
      account: input.account || null,
      queue: input.queue || null,
      groupBy: input.groupBy,
      detail: input.detail,
      lang: input.lang,
    };
    const row = await this.d.repo.insert({
      user_id: auth.user.id,
      name: fileNameOf(filter, input.format),
      format: input.format,
      filter: JSON.stringify(filter),
      rows_where: JSON.stringify(where),
      state: 'QUEUE',
      progress: 0,
      rows_done: 0,
      size_bytes: 0,
      error: null,
      created_at: this.d.clock.now(),
      started_at: null,
      finished_at: null,
    });
    for (const id of await this.d.repo.finishedBeyond(auth.user.id, this.options.kept)) await this.remove(id);
    this.pump();
    return toReportFile(row);
  }

  async list(auth: Auth, pageStart: number, pageLimit: number): Promise<{ total: number; list: ReportFile[] }> {
    const { total, rows } = await this.d.repo.listForUser(auth.user.id, { offset: pageStart, limit: pageLimit });
    return { total, list: rows.map(toReportFile) };
  }

  /** The finished file to send; it is marked DOWNLOAD. */
  async open(auth: Auth, id: number): Promise<{ name: string; format: ReportFileFormat; size: number; stream: Readable }> {
    const row = await this.own(auth, id);
    if (row.state !== 'COMPLETED' && row.state !== 'DOWNLOAD') throw notReady();
    const path = this.pathOf(row);
    const size = (await stat(path).catch(() => null))?.size;
    if (size === undefined) throw notFound();
    const stream = createReadStream(path);
    await this.d.repo.markDownloaded(Number(row.id));
    return { name: row.name, format: row.format, size, stream };
  }

  /** Deletes one of the user's files; a file being written stops first. */
  async delete(auth: Auth, id: number): Promise<void> {
    await this.remove(Number((await this.own(auth, id)).id));
  }

  /** Stops writing (the file stays RUNNING, and is queued again at the next start) and starts no more. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.current) this.current.stop = true;
    await this.working;
  }

  private async own(auth: Auth, id: number): Promise<ReportFileRow> {
    const row = await this.d.repo.find(id);
    // Another user's file answers as one that does not exist.
    if (!row || Number(row.user_id) !== auth.user.id) throw notFound();
    return row;
  }

  private async remove(id: number): Promise<void> {
    const row = await this.d.repo.find(id);
    if (!row) return;
    await this.d.repo.delete(id);
    if (this.current?.id === id) {
      this.current.stop = true;
      // The writer removes its partial file once it has stopped.
      await this.current.done;
    }
    await rm(this.pathOf(row), { force: true });
  }

  private pathOf(row: { id: number; format: ReportFileFormat }): string {
    return join(this.dir, `${Number(row.id)}.${row.format}`);
  }

  /** Writes queued files one after another. Serialised: one writer at a time. */
  private pump(): void {
    if (this.closed) return;
    this.working = this.working
      .then(() => this.drain())
      .catch((err: unknown) => this.d.log.warn({ err }, 'report file queue failed'));
  }

  private async drain(): Promise<void> {
    while (!this.closed) {
      const next = await this.d.repo.nextQueued();
      if (!next) return;
      if (!(await this.d.repo.claim(Number(next.id), this.d.clock.now()))) continue;
      await this.write(next);
    }
  }

  private async write(row: ReportFileRow): Promise<void> {
    const id = Number(row.id);
    let ended = () => {};
    // A close() that came between the claim and here finds no writer to stop: the file stops at once
    // (it stays RUNNING and is queued again at the next start).
    const current = { id, stop: this.closed, done: new Promise<void>((r) => (ended = r)) };
    this.current = current;
    const path = this.pathOf(row);
    const part = `${path}.part`;
    try {
      await mkdir(this.dir, { recursive: true });
      const rows = await writeReport(
        {
          reports: this.d.reports,
          repo: this.d.repo,
          days: this.d.days,
          pageRows: this.options.pageRows,
          beforePage: this.options.beforePage,
          stopped: () => current.stop,
          progress: (done, total) =>
            this.d.repo.saveProgress(id, total === 0 ? 0 : Math.min(99, Math.floor((done * 100) / total)), done),
        },
        {
          format: row.format,
          path: part,
          filter: JSON.parse(row.filter) as ReportFileFilter,
          where: JSON.parse(row.rows_where) as UsageWhere,
        },
      );
      if (current.stop) {
        await rm(part, { force: true });
        return;
      }
      await rename(part, path);
      await this.d.repo.complete(id, rows, (await stat(path)).size, this.d.clock.now());
    } catch (err) {
      this.d.log.warn({ err, reportFile: id }, 'writing a report file failed');
      await rm(part, { force: true });
      await this.d.repo.fail(id, 'reportFileFailed', this.d.clock.now());
    } finally {
      this.current = null;
      ended();
    }
  }
}
