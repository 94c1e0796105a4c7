import type { Readable, Writable } from 'node:stream';

/**
 * Ends a file stream and waits until its data is stored. ssh2's SFTP stream never emits 'finish'
 * (it closes itself in _final and emits only 'close'), node:fs emits both: whichever comes first.
 */
export const endWritable = (dst: Writable, data?: Buffer): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    if (dst.destroyed) {
      resolve();
      return;
    }
    dst
      .once('finish', () => resolve())
      .once('close', () => resolve())
      .once('error', reject);
    if (data) dst.end(data);
    else dst.end();
  });

export interface ChunkResult {
  /** Bytes the destination confirmed as written. */
  written: number;
  /** The sender stopped before the end of its body (dropped connection). */
  aborted: boolean;
  /** The body held more than `limit` bytes; the surplus was not written. */
  overflow: boolean;
  /** The destination failed (no space, quota, ...). */
  error: unknown;
}

/**
 * Copies a request body into a file stream without holding it in memory, and counts only bytes
 * the destination acknowledged (write callbacks), so a chunk cut off midway keeps exactly what
 * arrived and the next chunk can start there. After a failure or past `limit` the rest of the body
 * is read and dropped rather than the connection cut, so the client still gets the answer.
 */
export const writeChunk = (src: Readable, dst: Writable, limit: number): Promise<ChunkResult> =>
  new Promise<ChunkResult>((resolve) => {
    const r: ChunkResult = { written: 0, aborted: false, overflow: false, error: null };
    let accepted = 0;
    let settled = false;
    const fail = (err: unknown) => {
      r.error ??= err;
      src.resume();
    };
    const settle = (aborted: boolean) => {
      if (settled) return;
      settled = true;
      r.aborted = aborted;
      endWritable(dst)
        .catch(fail)
        .finally(() => resolve(r));
    };
    dst.on('error', fail);
    src.on('data', (chunk: Buffer) => {
      if (r.error || r.overflow) return;
      let piece = chunk;
      if (accepted + piece.length > limit) {
        piece = piece.subarray(0, limit - accepted);
        r.overflow = true;
      }
      accepted += piece.length;
      const n = piece.length;
      if (n === 0) return;
      const more = dst.write(piece, (err) => {
        if (err) fail(err);
        else r.written += n;
      });
      if (!more) {
        src.pause();
        dst.once('drain', () => src.resume());
      }
    });
    src.on('end', () => settle(false));
    src.on('error', () => settle(true));
    src.on('close', () => settle(!src.readableEnded));
  });
