import { posix } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AccessUser } from '../../cluster/access/types.js';
import type { TransferRow } from '../../db/types.js';
import type { Logger } from '../../lib/logger.js';
import type { Clock } from '../../lib/time.js';
import { toAppError, type FilesService, type Opened } from '../files/index.js';
import { exists, fileExists, planItems } from './transfer-items.js';
import type { TransfersRepository } from './transfers.repository.js';
import type { TransferOptions } from './transfers.service.js';

/** Why a stop was asked for: the user cancelled, or the server is shutting down. */
export type StopCause = 'cancel' | 'shutdown';

export interface CopyContext {
  repo: TransfersRepository;
  files: FilesService;
  clock: Clock;
  log: Logger;
  options: TransferOptions;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Counts bytes going through; with a throughput limit, holds chunks back to keep to it. */
const counter = (limit: number, onBytes: (n: number) => void): Transform => {
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
};

/** Copies one transfer to the end and records how it ended. */
export const copyTransfer = async (
  c: CopyContext,
  row: TransferRow,
  entry: { stop: AbortController; cause?: StopCause },
): Promise<void> => {
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
    if (!force && now - lastWrite < c.options.progressIntervalMs) return writing;
    lastWrite = now;
    writing = writing
      .then(() => c.repo.saveProgress(id, { bytesDone, filesDone, currentFile: current }))
      .catch((err: unknown) => c.log.warn({ err, transfer: id }, 'transfer progress not saved'));
    return writing;
  };
  const end = async (state: 'done' | 'failed' | 'cancelled', error: string | null) => {
    await writing;
    await c.repo.end(id, { state, error, bytesDone, filesDone, at: c.clock.now() });
  };

  let from: Opened | undefined;
  let to: Opened | undefined;
  /** The file being written: removed when the copy stops half-way. */
  let partial: string | null = null;
  const touched = new Set<string>([row.to_path]);
  try {
    from = await c.files.open(user, row.from_cluster);
    to = await c.files.open(user, row.to_cluster);
    const items = await planItems(from, to, JSON.parse(row.paths) as string[], row.to_path, signal);
    const files = items.filter((i) => i.kind === 'file');
    await c.repo.setTotals(
      id,
      files.reduce((n, i) => n + i.size, 0),
      files.length,
    );

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
      // A target that cannot be opened must not leave the source open (a descriptor, and a place in
      // the command limiter, held for good).
      const output = await to.session.createWriteStream(dest, { mode: item.mode || 0o644 }).catch((err: unknown) => {
        input.destroy();
        throw err;
      });
      await pipeline(
        input,
        counter(c.options.bytesPerSecond, (n) => {
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
      if (!known || known.reason === 'fileOperationFailed') c.log.warn({ err, transfer: id }, 'transfer failed');
      await end('failed', known?.reason ?? 'fileOperationFailed');
    }
  } finally {
    if (to) c.files.cache.invalidate(to.clusterId, touched);
  }
};
