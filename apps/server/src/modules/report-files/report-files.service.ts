import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import {
  ErrCode,
  type ErrReasonValue,
  REPORT_FILES_KEPT,
  REPORT_FILES_PENDING_MAX,
  type ReportDimension,
  type ReportFile,
  type ReportFileFilter,
  type ReportFileFormat,
  type ReportScope,
} from '@portal/shared';
import type { FileKind } from '../../db/report-file-tables.js';
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
 *
 * The queue is shared by every kind of file (migration 0023): usage reports ('reports', this
 * module's own) and the alarm list ('alarms', registered by the alarm exports). Each kind brings
 * its writer and its errors; the states, progress, limits, download and deletion are the same.
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

/** What a kind's writer gets: the page size, the stop flag and the progress to report. */
export interface KindContext {
  pageRows: number;
  beforePage: (() => Promise<void>) | null;
  /** True once the file should no longer be written (deleted, or the server stopping). */
  stopped: () => boolean;
  progress: (done: number, total: number) => Promise<void>;
}

/** A file to write: where, as what, and what it holds (the JSON kept with it). */
export interface KindTask {
  format: ReportFileFormat;
  path: string;
  filter: string;
  where: string;
}

/** One kind of file: how it is written, and the errors its routes answer with. */
export interface FileKindSpec {
  /** Writes the file; answers the rows written. */
  write(c: KindContext, t: KindTask): Promise<number>;
  /** The error reason a file that could not be written is left FAILED with. */
  failReason: ErrReasonValue;
  notFound(): AppError;
  notReady(): AppError;
  tooMany(max: number): AppError;
}

/** A file to queue: its download name, format, and what it holds (kept as JSON). */
export interface QueuedFile {
  name: string;
  format: ReportFileFormat;
  filter: unknown;
  where: unknown;
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
  private readonly kinds = new Map<FileKind, FileKindSpec>();

  constructor(
    private readonly d: ReportFilesDeps,
    options: Partial<ReportFileOptions> = {},
  ) {
    this.options = { ...DEFAULT_REPORT_FILE_OPTIONS, ...options };
    this.dir = join(resolve(d.dataDir), 'report-files');
    this.register('reports', {
      write: (c, t) =>
        writeReport(
          { ...c, reports: this.d.reports, repo: this.d.repo, days: this.d.days },
          {
            format: t.format,
            path: t.path,
            filter: JSON.parse(t.filter) as ReportFileFilter,
            where: JSON.parse(t.where) as UsageWhere,
          },
        ),
      failReason: 'reportFileFailed',
      notFound,
      notReady,
      tooMany,
    });
  }

  /** Another kind of file this queue writes (before recover(): a queued file of an unknown kind fails). */
  register(kind: FileKind, spec: FileKindSpec): void {
    this.kinds.set(kind, spec);
  }

  private spec(kind: FileKind): FileKindSpec {
    const spec = this.kinds.get(kind);
    if (!spec) throw new Error(`no writer of ${kind} files`);
    return spec;
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
    return toReportFile(
      await this.enqueue(auth, 'reports', { name: fileNameOf(filter, input.format), format: input.format, filter, where }),
    );
  }

  /** Queues a file of a kind for the user: refused past the pending files allowed; their oldest finished ones past those kept go. */
  async enqueue(auth: Auth, kind: FileKind, file: QueuedFile): Promise<ReportFileRow> {
    const spec = this.spec(kind);
    if ((await this.d.repo.countPending(auth.user.id, kind)) >= this.options.pendingMax)
      throw spec.tooMany(this.options.pendingMax);
    const row = await this.d.repo.insert({
      user_id: auth.user.id,
      kind,
      name: file.name,
      format: file.format,
      filter: JSON.stringify(file.filter),
      rows_where: JSON.stringify(file.where),
      state: 'QUEUE',
      progress: 0,
      rows_done: 0,
      size_bytes: 0,
      error: null,
      created_at: this.d.clock.now(),
      started_at: null,
      finished_at: null,
    });
    for (const id of await this.d.repo.finishedBeyond(auth.user.id, kind, this.options.kept)) await this.remove(id);
    this.pump();
    return row;
  }

  async list(auth: Auth, pageStart: number, pageLimit: number): Promise<{ total: number; list: ReportFile[] }> {
    const { total, rows } = await this.listOf(auth, 'reports', pageStart, pageLimit);
    return { total, list: rows.map(toReportFile) };
  }

  /** The user's files of a kind, newest first. */
  listOf(auth: Auth, kind: FileKind, pageStart: number, pageLimit: number): Promise<{ total: number; rows: ReportFileRow[] }> {
    return this.d.repo.listForUser(auth.user.id, kind, { offset: pageStart, limit: pageLimit });
  }

  /** The finished file to send; it is marked DOWNLOAD. */
  open(auth: Auth, id: number): Promise<{ name: string; format: ReportFileFormat; size: number; stream: Readable }> {
    return this.openOf(auth, 'reports', id);
  }

  /** The user's finished file of a kind to send; it is marked DOWNLOAD. */
  async openOf(
    auth: Auth,
    kind: FileKind,
    id: number,
  ): Promise<{ name: string; format: ReportFileFormat; size: number; stream: Readable }> {
    const spec = this.spec(kind);
    const row = await this.own(auth, kind, id);
    if (row.state !== 'COMPLETED' && row.state !== 'DOWNLOAD') throw spec.notReady();
    const path = this.pathOf(row);
    const size = (await stat(path).catch(() => null))?.size;
    if (size === undefined) throw spec.notFound();
    const stream = createReadStream(path);
    await this.d.repo.markDownloaded(Number(row.id));
    return { name: row.name, format: row.format, size, stream };
  }

  /** Deletes one of the user's files; a file being written stops first. */
  delete(auth: Auth, id: number): Promise<void> {
    return this.deleteOf(auth, 'reports', id);
  }

  /** Deletes one of the user's files of a kind; a file being written stops first. */
  async deleteOf(auth: Auth, kind: FileKind, id: number): Promise<void> {
    await this.remove(Number((await this.own(auth, kind, id)).id));
  }

  /** Stops writing (the file stays RUNNING, and is queued again at the next start) and starts no more. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.current) this.current.stop = true;
    await this.working;
  }

  private async own(auth: Auth, kind: FileKind, id: number): Promise<ReportFileRow> {
    const row = await this.d.repo.find(id);
    // Another user's file, or one of another kind, answers as one that does not exist.
    if (!row || Number(row.user_id) !== auth.user.id || row.kind !== kind) throw this.spec(kind).notFound();
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
      const rows = await this.spec(row.kind).write(
        {
          pageRows: this.options.pageRows,
          beforePage: this.options.beforePage,
          stopped: () => current.stop,
          progress: (done, total) =>
            this.d.repo.saveProgress(id, total === 0 ? 0 : Math.min(99, Math.floor((done * 100) / total)), done),
        },
        { format: row.format, path: part, filter: row.filter, where: row.rows_where },
      );
      if (current.stop) {
        await rm(part, { force: true });
        return;
      }
      await rename(part, path);
      await this.d.repo.complete(id, rows, (await stat(path)).size, this.d.clock.now());
    } catch (err) {
      this.d.log.warn({ err, reportFile: id, kind: row.kind }, 'writing a report file failed');
      await rm(part, { force: true });
      await this.d.repo.fail(id, this.kinds.get(row.kind)?.failReason ?? 'reportFileFailed', this.d.clock.now());
    } finally {
      this.current = null;
      ended();
    }
  }
}
