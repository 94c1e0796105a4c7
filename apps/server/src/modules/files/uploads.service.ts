import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import { ErrCode, UPLOAD_CHUNK_MAX_BYTES, type UploadState } from '@portal/shared';
import type { AccessUser, FileSession } from '../../cluster/access/types.js';
import type { UploadRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { randomToken } from '../../lib/crypto.js';
import type { Clock } from '../../lib/time.js';
import { endWritable, writeChunk } from './chunk-writer.js';
import { UploadWriters } from './upload-writers.js';
import { toAppError, viaFiles } from './file-errors.js';
import type { FilesService, Opened } from './files.service.js';
import type { UploadsRepository } from './uploads.repository.js';

/** Uploads untouched for this long are abandoned: their rows and partial files go. */
const STALE_MS = 24 * 3_600_000;

export interface StartUpload {
  clusterId?: string | undefined;
  path: string;
  name: string;
  size: number;
  overwrite: boolean;
}

export interface Chunk {
  /** The Upload-Offset header as sent. */
  offset: string | undefined;
  /** The Content-Length header, when sent. */
  length: number | undefined;
  body: Readable;
}

const uploadNotFound = () =>
  new AppError(ErrCode.PARAM_INVALID, 'uploadNotFound', 'The upload no longer exists: start it again', { status: 404 });
const offsetMismatch = (offset: number) =>
  new AppError(ErrCode.PARAM_INVALID, 'uploadOffsetMismatch', `Upload-Offset must be ${offset}`, {
    status: 409,
    extra: { offset },
  });
const fileExists = () =>
  new AppError(ErrCode.PARAM_INVALID, 'fileExists', 'A file or folder with this name already exists', { status: 409 });

/** A finished upload keeps its row (without a temporary file) until it is a day old. */
const isDone = (row: UploadRow) => row.temp_path === '';

const stateOf = (row: UploadRow): UploadState => ({
  uploadId: row.id,
  path: posix.join(row.dir, row.name),
  size: Number(row.size),
  offset: Number(row.received),
  done: isDone(row),
});

const exists = (session: FileSession, path: string) =>
  session.lstat(path).then(
    () => true,
    () => false,
  );

/**
 * Resumable uploads: the bytes go into a hidden file next to the target, chunk by chunk at the
 * offset the database remembers, through one writer kept open across the chunks; the last chunk
 * renames it into place. A dropped connection loses only what never arrived.
 */
export class UploadsService {
  /** Uploads with a chunk being written: a second writer at the same offset would interleave. */
  private readonly busy = new Set<string>();
  private readonly writers = new UploadWriters();

  constructor(
    private readonly repo: UploadsRepository,
    private readonly files: FilesService,
    private readonly clock: Clock,
  ) {}

  async start(user: AccessUser, s: StartUpload): Promise<UploadState> {
    await this.purgeStale();
    const o = await this.files.open(user, s.clusterId);
    return viaFiles(async () => {
      const dir = await o.guard.check(s.path);
      const target = await o.guard.check(posix.join(dir, s.name));
      const resumable = await this.repo.findResumable({
        userId: user.id,
        clusterId: o.clusterId,
        dir,
        name: s.name,
        size: s.size,
      });
      if (resumable && (await exists(o.session, resumable.temp_path))) return stateOf(resumable);
      if (resumable) await this.forget(resumable.id);
      if (!s.overwrite && (await exists(o.session, target))) throw fileExists();

      const id = randomToken(18);
      // Hidden, next to the target (same file system, so the final rename is instant), and short
      // enough for NAME_MAX whatever the name.
      const temp = await o.guard.check(posix.join(dir, `.${s.name.slice(0, 100)}.portal-upload-${id}`));
      await endWritable(await o.session.createWriteStream(temp, { mode: 0o600 }));
      const now = this.clock.now();
      const row: UploadRow = {
        id,
        user_id: user.id,
        user_name: user.name,
        cluster_id: o.clusterId,
        dir,
        name: s.name,
        size: s.size,
        received: 0,
        temp_path: temp,
        overwrite: s.overwrite ? 1 : 0,
        created_at: now,
        updated_at: now,
      };
      await this.repo.insert(row);
      if (s.size === 0) return this.complete(o, row);
      return stateOf(row);
    });
  }

  async status(user: AccessUser, uploadId: string): Promise<UploadState> {
    return stateOf(await this.row(user, uploadId));
  }

  async chunk(user: AccessUser, uploadId: string, c: Chunk): Promise<UploadState> {
    const row = await this.row(user, uploadId);
    if (isDone(row) || this.busy.has(row.id)) throw offsetMismatch(Number(row.received));
    this.busy.add(row.id);
    try {
      const o = await this.files.open(user, row.cluster_id);
      return await viaFiles(() => this.write(o, row, c));
    } finally {
      this.busy.delete(row.id);
    }
  }

  /** Writes one chunk through the upload's kept writer (or a new one at the file's real end). */
  private async write(o: Opened, row: UploadRow, c: Chunk): Promise<UploadState> {
    let received = Number(row.received);
    let out = await this.writers.take(row.id, received);
    if (!out) received = await this.reconcile(o, row);
    if (c.offset === undefined || !/^\d+$/.test(c.offset) || Number(c.offset) !== received) throw offsetMismatch(received);
    const room = Number(row.size) - received;
    if (c.length !== undefined && c.length > UPLOAD_CHUNK_MAX_BYTES)
      throw new AppError(ErrCode.FILE_TOO_LARGE, 'chunkTooLarge', `A chunk may hold at most ${UPLOAD_CHUNK_MAX_BYTES} bytes`, {
        status: 413,
        extra: { max: UPLOAD_CHUNK_MAX_BYTES },
      });
    if (c.length !== undefined && c.length > room) throw tooLong(received, room);
    if (!out) {
      out = await o.session.createWriteStream(await o.guard.check(row.temp_path), { offset: received });
      this.writers.add(row.id, out, received);
    }

    const result = await writeChunk(c.body, out, Math.min(room, UPLOAD_CHUNK_MAX_BYTES));
    const now = received + result.written;
    this.writers.advance(row.id, now);
    await this.setReceived(row.id, now);
    const failure = this.writers.failure(row.id) ?? result.error;
    if (failure) {
      this.writers.discard(row.id);
      throw toAppError(failure) ?? failure;
    }
    if (result.overflow) throw tooLong(now, Number(row.size) - now);
    if (result.aborted || now < Number(row.size)) return stateOf({ ...row, received: now });

    // The last byte arrived: the writer ends (the remote dd exits) and the file must hold it all.
    await this.writers.finish(row.id);
    const stored = await this.reconcile(o, row, now);
    if (stored !== now) throw offsetMismatch(stored);
    return this.complete(o, { ...row, received: now });
  }

  /**
   * How many bytes the temporary file really holds, when no writer of this process is open on it:
   * a writer that broke (or a server that stopped) can have counted bytes that never reached the
   * file. The database learns the lower figure; the client resumes there (409 with the offset).
   */
  private async reconcile(o: Opened, row: UploadRow, counted = Number(row.received)): Promise<number> {
    const size = (await o.session.stat(await o.guard.check(row.temp_path))).size;
    if (size >= counted) return counted;
    await this.setReceived(row.id, size);
    return size;
  }

  private async setReceived(id: string, received: number): Promise<void> {
    await this.repo.setReceived(id, received, this.clock.now());
  }

  /** Ends the writers kept between chunks (server shutdown), so what they accepted is stored. */
  close(): Promise<void> {
    return this.writers.closeAll();
  }

  async cancel(user: AccessUser, uploadId: string): Promise<string> {
    const row = await this.row(user, uploadId);
    if (this.busy.has(row.id)) throw offsetMismatch(Number(row.received));
    // A finished upload has nothing left to remove: its file stays.
    if (isDone(row)) {
      await this.forget(row.id);
      return posix.join(row.dir, row.name);
    }
    this.writers.discard(row.id);
    const o = await this.files.open(user, row.cluster_id);
    await viaFiles(async () => {
      const temp = await o.guard.check(row.temp_path, { follow: false });
      await o.session.remove(temp).catch((err: unknown) => {
        if (toAppError(err)?.reason !== 'fileNotExist') throw err;
      });
    });
    await this.forget(row.id);
    return posix.join(row.dir, row.name);
  }

  /** Moves the finished file into place (replacing the target only when asked at the start). */
  private async complete(o: Opened, row: UploadRow): Promise<UploadState> {
    const target = await o.guard.check(posix.join(row.dir, row.name));
    const existing = await o.session.lstat(target).catch(() => null);
    if (existing && !row.overwrite) throw fileExists();
    if (existing?.kind === 'dir') throw new AppError(ErrCode.PARAM_INVALID, 'isADirectory', 'A folder has this name');
    if (existing) await o.session.remove(target);
    await o.session.rename(row.temp_path, target);
    // Kept as done, so a client whose last answer got lost learns so from uploadStatus.
    await this.repo.markComplete(row.id, this.clock.now());
    this.files.cache.invalidate(o.clusterId, [row.dir]);
    return stateOf({ ...row, temp_path: '' });
  }

  /** An upload of this user; another user's id answers as if it did not exist. */
  private async row(user: AccessUser, uploadId: string): Promise<UploadRow> {
    const row = await this.repo.find(uploadId);
    if (!row || Number(row.user_id) !== user.id) throw uploadNotFound();
    return row;
  }

  private async forget(id: string): Promise<void> {
    await this.repo.delete(id);
  }

  /** Drops uploads nobody touched for a day, with their partial files (best effort). */
  private async purgeStale(): Promise<void> {
    const stale = await this.repo.untouchedSince(this.clock.now() - STALE_MS, 20);
    for (const row of stale) {
      if (this.busy.has(row.id)) continue;
      this.writers.discard(row.id);
      if (!isDone(row))
        try {
          const o = await this.files.open({ id: Number(row.user_id), name: row.user_name }, row.cluster_id);
          await o.session.remove(await o.guard.check(row.temp_path, { follow: false }));
        } catch {
          // Already gone, or the cluster is away: the row goes anyway, a leftover file is harmless.
        }
      await this.forget(row.id);
    }
  }
}

const tooLong = (offset: number, room: number) =>
  new AppError(ErrCode.FILE_TOO_LARGE, 'uploadTooLong', `Only ${room} more bytes were announced`, {
    status: 413,
    extra: { offset },
  });
