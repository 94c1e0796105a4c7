import { posix } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import { ErrCode, type Transfer } from '@portal/shared';
import type { AccessUser } from '../../cluster/access/types.js';
import type { Database, TransferRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { isoOrNull, iso, type Clock } from '../../lib/time.js';
import { toAppError, viaFiles } from '../files/file-errors.js';
import type { FilesService, Opened } from '../files/files.service.js';

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
  db: Kysely<Database>;
  files: FilesService;
  clock: Clock;
  /** Whether across-center transfer is on (ui.transfer). */
  enabled: () => boolean;
  /** Configured cluster ids. */
  clusterIds: () => readonly string[];
  log: { warn(obj: unknown, msg: string): void };
}

/** One thing to copy: a folder to create, a file to stream or a link to remake, in walk order (parents first). */
interface Item {
  kind: 'dir' | 'file' | 'link';
  src: string;
  dest: string;
  size: number;
  mode: number;
  /** A link's text, copied unchanged. */
  target?: string;
}

const refused = (reason: 'transferDisabled' | 'sameCluster' | 'unknownCluster', message: string, status = 400) =>
  new AppError(reason === 'transferDisabled' ? ErrCode.INSUFFICIENT_PERMISSION : ErrCode.PARAM_INVALID, reason, message, {
    status,
  });
const transferNotFound = () =>
  new AppError(ErrCode.PARAM_INVALID, 'transferNotFound', 'This transfer does not exist', { status: 404 });
const fileExists = (path: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'fileExists', 'A file or folder with this name already exists', {
    status: 409,
    extra: { path },
  });

/** Why a stop was asked for: the user cancelled, or the server is shutting down. */
type StopCause = 'cancel' | 'shutdown';

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

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

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
    const res = await this.d.db
      .updateTable('transfers')
      .set({ state: 'failed', error: 'transferInterrupted', current_file: null, ended_at: this.d.clock.now() })
      .where('state', '=', 'running')
      .executeTakeFirst();
    this.pump();
    return Number(res.numUpdatedRows);
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

    const row = await this.d.db
      .insertInto('transfers')
      .values({
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
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    this.pump();
    return toTransfer(row);
  }

  async list(user: AccessUser, pageStart: number, pageLimit: number): Promise<{ total: number; list: Transfer[] }> {
    const { n } = await this.d.db
      .selectFrom('transfers')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const rows = await this.d.db
      .selectFrom('transfers')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('id', 'desc')
      .offset(pageStart)
      .limit(pageLimit)
      .execute();
    return { total: Number(n), list: rows.map(toTransfer) };
  }

  async get(user: AccessUser, id: number): Promise<Transfer> {
    return toTransfer(await this.row(user, id));
  }

  /** Stops a queued or running transfer; answers once it has stopped. Finished ones stay as they are. */
  async cancel(user: AccessUser, id: number): Promise<Transfer> {
    const row = await this.row(user, id);
    if (row.state === 'queued') {
      await this.d.db
        .updateTable('transfers')
        .set({ state: 'cancelled', ended_at: this.d.clock.now() })
        .where('id', '=', row.id)
        .where('state', '=', 'queued')
        .execute();
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
      const next = await this.d.db
        .selectFrom('transfers')
        .selectAll()
        .where('state', '=', 'queued')
        .orderBy('id', 'asc')
        .limit(1)
        .executeTakeFirst();
      if (!next) return;
      const id = Number(next.id);
      // Listed before it is claimed, so a cancel arriving meanwhile finds it and waits for its end.
      let finish = () => {};
      const entry: { stop: AbortController; cause?: StopCause; done: Promise<void> } = {
        stop: new AbortController(),
        done: new Promise<void>((r) => (finish = r)),
      };
      this.running.set(id, entry);
      const claimed = await this.d.db
        .updateTable('transfers')
        .set({ state: 'running', started_at: this.d.clock.now() })
        .where('id', '=', next.id)
        .where('state', '=', 'queued')
        .executeTakeFirst()
        .catch((err: unknown) => {
          this.running.delete(id);
          finish();
          throw err;
        });
      if (Number(claimed.numUpdatedRows) !== 1) {
        this.running.delete(id);
        finish();
        continue;
      }
      void this.run(next, entry)
        .catch((err: unknown) => this.d.log.warn({ err, transfer: id }, 'transfer bookkeeping failed'))
        .finally(() => {
          this.running.delete(id);
          finish();
          this.pump();
        });
    }
  }

  /** Copies one transfer to the end and records how it ended. */
  private async run(row: TransferRow, entry: { stop: AbortController; cause?: StopCause }): Promise<void> {
    const id = Number(row.id);
    const user: AccessUser = { id: Number(row.user_id), name: row.user_name };
    const signal = entry.stop.signal;
    let bytesDone = 0;
    let filesDone = 0;
    let current: string | null = null;
    let lastWrite = 0;
    /** The progress write in flight: at most one, and the final write waits for it. */
    let writing: Promise<unknown> = Promise.resolve();
    const progress = (force = false): Promise<unknown> => {
      const now = Date.now();
      if (!force && now - lastWrite < this.options.progressIntervalMs) return writing;
      lastWrite = now;
      writing = writing
        .then(() =>
          this.d.db
            .updateTable('transfers')
            .set({ bytes_done: bytesDone, files_done: filesDone, current_file: current })
            .where('id', '=', id)
            .execute(),
        )
        .catch((err: unknown) => this.d.log.warn({ err, transfer: id }, 'transfer progress not saved'));
      return writing;
    };
    const end = async (state: 'done' | 'failed' | 'cancelled', error: string | null) => {
      await writing;
      await this.d.db
        .updateTable('transfers')
        .set({
          state,
          error,
          bytes_done: bytesDone,
          files_done: filesDone,
          current_file: null,
          ended_at: this.d.clock.now(),
        })
        .where('id', '=', id)
        .execute();
    };

    let from: Opened | undefined;
    let to: Opened | undefined;
    /** The file being written: removed when the copy stops half-way. */
    let partial: string | null = null;
    const touched = new Set<string>([row.to_path]);
    try {
      from = await this.d.files.open(user, row.from_cluster);
      to = await this.d.files.open(user, row.to_cluster);
      const items = await this.plan(from, to, JSON.parse(row.paths) as string[], row.to_path, signal);
      const files = items.filter((i) => i.kind === 'file');
      await this.d.db
        .updateTable('transfers')
        .set({ bytes_total: files.reduce((n, i) => n + i.size, 0), files_total: files.length })
        .where('id', '=', id)
        .execute();

      for (const item of items) {
        signal.throwIfAborted();
        current = item.src;
        // Never replace: a name that appeared on the target since the check fails the transfer.
        const dest = await to.guard.check(item.dest, { follow: false });
        if (await exists(to, dest)) throw fileExists(dest);
        if (item.kind === 'dir') {
          await to.session.mkdir(dest, item.mode || 0o755);
          touched.add(posix.dirname(dest));
          continue;
        }
        if (item.kind === 'link') {
          await to.session.symlink(item.target ?? '', dest);
          touched.add(posix.dirname(dest));
          continue;
        }
        await progress(true);
        const input = await from.session.createReadStream(item.src);
        partial = dest;
        touched.add(posix.dirname(dest));
        const output = await to.session.createWriteStream(dest, { mode: item.mode || 0o644 });
        await pipeline(
          input,
          this.counter((n) => {
            bytesDone += n;
            void progress();
          }),
          output,
          { signal },
        );
        partial = null;
        filesDone += 1;
      }
      await end('done', null);
    } catch (err) {
      if (partial && to) await to.session.remove(partial).catch(() => undefined);
      if (signal.aborted) {
        await end(entry.cause === 'shutdown' ? 'failed' : 'cancelled', entry.cause === 'shutdown' ? 'transferInterrupted' : null);
      } else {
        const known = toAppError(err);
        if (!known || known.reason === 'fileOperationFailed') this.d.log.warn({ err, transfer: id }, 'transfer failed');
        await end('failed', known?.reason ?? 'fileOperationFailed');
      }
    } finally {
      if (to) this.d.files.cache.invalidate(to.clusterId, touched);
    }
  }

  /**
   * What to copy, parents first: every source checked against the roots again (they may have
   * changed since the transfer was queued), folders walked without following links. Links are
   * made again with the same text (a relative link inside the copied tree keeps working; where it
   * leads is checked, as always, when someone follows it); sockets, devices and FIFOs are skipped.
   */
  private async plan(from: Opened, to: Opened, paths: string[], toPath: string, signal: AbortSignal): Promise<Item[]> {
    const items: Item[] = [];
    const dir = await to.guard.check(toPath);
    const walk = async (src: string, dest: string): Promise<void> => {
      signal.throwIfAborted();
      const st = await from.session.lstat(src);
      if (st.kind === 'file') items.push({ kind: 'file', src, dest, size: st.size, mode: st.mode & 0o777 });
      if (st.kind === 'link' && st.target) items.push({ kind: 'link', src, dest, size: 0, mode: 0, target: st.target });
      if (st.kind !== 'dir') return;
      items.push({ kind: 'dir', src, dest, size: 0, mode: st.mode & 0o777 });
      const entries = (await from.session.list(src)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const e of entries) await walk(posix.join(src, e.name), posix.join(dest, e.name));
    };
    for (const p of paths) {
      const src = await from.guard.check(p, { follow: false });
      await walk(src, posix.join(dir, posix.basename(src)));
    }
    return items;
  }

  /** Counts bytes going through; with a throughput limit, holds chunks back to keep to it. */
  private counter(onBytes: (n: number) => void): Transform {
    const limit = this.options.bytesPerSecond;
    const started = Date.now();
    let seen = 0;
    return new Transform({
      transform(chunk: Buffer, _enc, cb: TransformCallback) {
        seen += chunk.length;
        onBytes(chunk.length);
        const wait = limit > 0 ? (seen / limit) * 1000 - (Date.now() - started) : 0;
        if (wait > 0) void sleep(wait).then(() => cb(null, chunk));
        else cb(null, chunk);
      },
    });
  }

  /** A transfer of this user; another user's id answers as if it did not exist. */
  private async row(user: AccessUser, id: number): Promise<TransferRow> {
    const row = await this.d.db.selectFrom('transfers').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || Number(row.user_id) !== user.id) throw transferNotFound();
    return row;
  }
}

const exists = (o: Opened, path: string) =>
  o.session.lstat(path).then(
    () => true,
    () => false,
  );
