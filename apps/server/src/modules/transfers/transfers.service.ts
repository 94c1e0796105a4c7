import { posix } from 'node:path';
import { ErrCode, type Transfer } from '@portal/shared';
import type { AccessUser } from '../../cluster/access/types.js';
import type { TransferRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import type { Logger } from '../../lib/logger.js';
import { isoOrNull, iso, type Clock } from '../../lib/time.js';
import { viaFiles, type FilesService } from '../files/index.js';
import { copyTransfer, type StopCause } from './transfer-copy.js';
import { exists, fileExists } from './transfer-items.js';
import type { TransfersRepository } from './transfers.repository.js';

/*
 * Across-center transfer (docs/files.md): copies files and folders from one cluster to another as
 * the same user, in this process, in the background. A bounded number run at once, the others
 * wait in the queue (the database is the queue). Progress is written at most every
 * `progressIntervalMs`; a row left 'running' by a previous process is failed at start.
 */

export interface TransferOptions {
  /** Transfers copying at the same time; the others stay queued. */
  maxConcurrent: number;
  /** Progress is written to the database at most this often. */
  progressIntervalMs: number;
  /** Throughput limit of one transfer (bytes per second); 0 = none. Tests slow a copy down with it. */
  bytesPerSecond: number;
}

export const DEFAULT_TRANSFER_OPTIONS: TransferOptions = { maxConcurrent: 2, progressIntervalMs: 500, bytesPerSecond: 0 };

export interface CreateTransfer {
  fromClusterId: string;
  paths: string[];
  toClusterId: string;
  toPath: string;
}

export interface TransfersDeps {
  repo: TransfersRepository;
  files: FilesService;
  clock: Clock;
  /** Whether across-center transfer is on (ui.transfer). */
  enabled: () => boolean;
  /** Configured cluster ids. */
  clusterIds: () => readonly string[];
  log: Logger;
}

const refused = (reason: 'transferDisabled' | 'sameCluster' | 'unknownCluster', message: string, status = 400) =>
  new AppError(reason === 'transferDisabled' ? ErrCode.INSUFFICIENT_PERMISSION : ErrCode.PARAM_INVALID, reason, message, {
    status,
  });
const transferNotFound = () =>
  new AppError(ErrCode.PARAM_INVALID, 'transferNotFound', 'This transfer does not exist', { status: 404 });

export const toTransfer = (row: TransferRow): Transfer => ({
  id: Number(row.id),
  fromClusterId: row.from_cluster,
  toClusterId: row.to_cluster,
  paths: JSON.parse(row.paths) as string[],
  toPath: row.to_path,
  state: row.state,
  bytesTotal: Number(row.bytes_total),
  bytesDone: Number(row.bytes_done),
  filesTotal: Number(row.files_total),
  filesDone: Number(row.files_done),
  currentFile: row.current_file,
  error: row.error,
  createdAt: iso(Number(row.created_at)),
  startedAt: isoOrNull(row.started_at === null ? null : Number(row.started_at)),
  endedAt: isoOrNull(row.ended_at === null ? null : Number(row.ended_at)),
});

export class TransfersService {
  readonly options: TransferOptions;
  /** Transfers copying in this process, with the means to stop them. */
  private readonly running = new Map<number, { stop: AbortController; cause?: StopCause; done: Promise<void> }>();
  private filling: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly d: TransfersDeps,
    options: Partial<TransferOptions> = {},
  ) {
    this.options = { ...DEFAULT_TRANSFER_OPTIONS, ...options };
  }

  /** At start: transfers a previous process left running are failed; queued ones start. */
  async recover(): Promise<number> {
    const failed = await this.d.repo.failRunning('transferInterrupted', this.d.clock.now());
    this.pump();
    return failed;
  }

  async create(user: AccessUser, input: CreateTransfer): Promise<Transfer> {
    if (!this.d.enabled()) throw refused('transferDisabled', 'Across-center transfer is switched off', 403);
    const known = this.d.clusterIds();
    for (const id of [input.fromClusterId, input.toClusterId])
      if (!known.includes(id)) throw refused('unknownCluster', `Unknown cluster ${id}`, 404);
    if (input.fromClusterId === input.toClusterId)
      throw refused('sameCluster', 'Source and target are the same cluster: copy in the file manager instead');

    // Paths are checked now, so a refusal is an answer (and audited), not a failed transfer.
    const from = await this.d.files.open(user, input.fromClusterId);
    const to = await this.d.files.open(user, input.toClusterId);
    const { paths, toPath } = await viaFiles(async () => {
      const sources: string[] = [];
      for (const p of input.paths) {
        const src = await from.guard.check(p, { follow: false });
        await from.session.lstat(src);
        if (sources.includes(src)) continue;
        // Two sources of the same name would land on one target name.
        if (sources.some((x) => posix.basename(x) === posix.basename(src))) throw fileExists(posix.basename(src));
        sources.push(src);
      }
      const dir = await to.guard.check(input.toPath);
      const st = await to.session.stat(dir);
      if (st.kind !== 'dir') throw new AppError(ErrCode.PARAM_INVALID, 'notADirectory', 'This is not a folder');
      for (const src of sources) {
        const dest = await to.guard.check(posix.join(dir, posix.basename(src)), { follow: false });
        if (await exists(to, dest)) throw fileExists(dest);
      }
      return { paths: sources, toPath: dir };
    });

    const row = await this.d.repo.insert({
      user_id: user.id,
      user_name: user.name,
      from_cluster: input.fromClusterId,
      to_cluster: input.toClusterId,
      paths: JSON.stringify(paths),
      to_path: toPath,
      state: 'queued',
      bytes_total: 0,
      bytes_done: 0,
      files_total: 0,
      files_done: 0,
      current_file: null,
      error: null,
      created_at: this.d.clock.now(),
      started_at: null,
      ended_at: null,
    });

    this.pump();
    return toTransfer(row);
  }

  async list(user: AccessUser, pageStart: number, pageLimit: number): Promise<{ total: number; list: Transfer[] }> {
    const { total, rows } = await this.d.repo.listForUser(user.id, { offset: pageStart, limit: pageLimit });
    return { total, list: rows.map(toTransfer) };
  }

  async get(user: AccessUser, id: number): Promise<Transfer> {
    return toTransfer(await this.row(user, id));
  }

  /** Stops a queued or running transfer; answers once it has stopped. Finished ones stay as they are. */
  async cancel(user: AccessUser, id: number): Promise<Transfer> {
    const row = await this.row(user, id);
    if (row.state === 'queued') {
      await this.d.repo.cancelQueued(Number(row.id), this.d.clock.now());
    }
    const live = this.running.get(Number(row.id));
    if (live) {
      live.cause ??= 'cancel';
      live.stop.abort();
      await live.done;
    }
    return toTransfer(await this.row(user, id));
  }

  /** Stops every running transfer (they end failed as interrupted) and starts no more. */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.running.values()];
    for (const r of all) {
      r.cause ??= 'shutdown';
      r.stop.abort();
    }
    await Promise.all(all.map((r) => r.done));
    await this.filling;
  }

  /** Starts queued transfers while there is room. Serialised: one filler at a time. */
  private pump(): void {
    this.filling = this.filling
      .then(() => this.fill())
      .catch((err: unknown) => this.d.log.warn({ err }, 'transfer queue failed'));
  }

  private async fill(): Promise<void> {
    while (!this.closed && this.running.size < this.options.maxConcurrent) {
      const next = await this.d.repo.nextQueued();
      if (!next) return;
      const id = Number(next.id);
      // Listed before it is claimed, so a cancel arriving meanwhile finds it and waits for its end.
      let finish = () => {};
      const entry: { stop: AbortController; cause?: StopCause; done: Promise<void> } = {
        stop: new AbortController(),
        done: new Promise<void>((r) => (finish = r)),
      };
      this.running.set(id, entry);
      const claimed = await this.d.repo.claim(id, this.d.clock.now()).catch((err: unknown) => {
        this.running.delete(id);
        finish();
        throw err;
      });
      if (!claimed) {
        this.running.delete(id);
        finish();
        continue;
      }
      void copyTransfer({ ...this.d, options: this.options }, next, entry)
        .catch((err: unknown) => this.d.log.warn({ err, transfer: id }, 'transfer bookkeeping failed'))
        .finally(() => {
          this.running.delete(id);
          finish();
          this.pump();
        });
    }
  }

  /** A transfer of this user; another user's id answers as if it did not exist. */
  private async row(user: AccessUser, id: number): Promise<TransferRow> {
    const row = await this.d.repo.find(id);
    if (!row || Number(row.user_id) !== user.id) throw transferNotFound();
    return row;
  }
}
