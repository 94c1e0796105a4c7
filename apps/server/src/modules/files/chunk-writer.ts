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
 *
 * The destination stays open (an upload keeps one writer across its chunks): the result comes once
 * the body ended and every accepted write was acknowledged, and no listener is left behind on it.
 */
export const writeChunk = (src: Readable, dst: Writable, limit: number): Promise<ChunkResult> =>
  new Promise<ChunkResult>((resolve) => {
    const r: ChunkResult = { written: 0, aborted: false, overflow: false, error: null };
    let accepted = 0;
    let pending = 0;
    let ended: boolean | null = null;
    const finish = () => {
      if (ended === null || (pending > 0 && !r.error)) return;
      dst.off('error', fail).off('drain', resume).off('close', onClose);
      r.aborted = ended;
      resolve(r);
    };
    function fail(err: unknown) {
      r.error ??= err;
      src.resume();
      finish();
    }
    function resume() {
      src.resume();
    }
    // A destination that closes without an error (a remote writer gone) fails the chunk too.
    function onClose() {
      if (!dst.writableFinished) fail(r.error ?? new Error('the file writer closed'));
    }
    const settle = (aborted: boolean) => {
      if (ended !== null) return;
      ended = aborted;
      finish();
    };
    dst.on('error', fail).on('drain', resume).on('close', onClose);
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
      pending += 1;
      const more = dst.write(piece, (err) => {
        pending -= 1;
        if (err) fail(err);
        else r.written += n;
        finish();
      });
      if (!more) src.pause();
    });
    src.on('end', () => settle(false));
    src.on('error', () => settle(true));
    src.on('close', () => settle(!src.readableEnded));
    // A body already read elsewhere (a parser) never ends again: settle now instead of waiting forever.
    if (src.readableEnded) settle(false);
    else if (src.destroyed) settle(true);
  });
