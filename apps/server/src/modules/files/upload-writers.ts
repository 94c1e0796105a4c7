import type { Writable } from 'node:stream';
import { endWritable } from './chunk-writer.js';

/** A writer nobody used for this long is ended, which flushes it (the remote `dd` exits). */
const IDLE_MS = 30_000;

interface OpenWriter {
  out: Writable;
  /** The file offset the next byte written goes to. */
  offset: number;
  /** Why the writer broke, once it did. */
  failure: unknown;
  /** Runs while the writer waits between chunks. */
  timer: NodeJS.Timeout | undefined;
}

/**
 * One open writer per upload, kept from chunk to chunk: over ssh a writer is a remote `dd`, and
 * starting one per chunk (plus the round trips to open the file) cost more time than the chunk's
 * data. A kept writer has accepted bytes that may still be on their way to the disk, so whoever
 * opens a new writer first asks the file how much it really holds (UploadsService.reconcile).
 */
export class UploadWriters {
  private readonly open = new Map<string, OpenWriter>();

  constructor(private readonly idleMs = IDLE_MS) {}

  /** The upload's writer if it is healthy and positioned at `offset`; any other one is ended. */
  async take(uploadId: string, offset: number): Promise<Writable | undefined> {
    const w = this.open.get(uploadId);
    if (!w) return undefined;
    if (w.failure === null && !w.out.destroyed && w.offset === offset) {
      clearTimeout(w.timer);
      return w.out;
    }
    await this.close(uploadId);
    return undefined;
  }

  /** Registers a writer just opened at `offset`; it is kept once a chunk went through it. */
  add(uploadId: string, out: Writable, offset: number): void {
    this.discard(uploadId);
    const w: OpenWriter = { out, offset, failure: null, timer: undefined };
    // Listening from the start: a remote writer can fail between two chunks.
    out.on('error', (err: unknown) => (w.failure ??= err));
    this.open.set(uploadId, w);
  }

  /** A chunk went through: the writer now stands at `offset` and waits for the next one. */
  advance(uploadId: string, offset: number): void {
    const w = this.open.get(uploadId);
    if (!w) return;
    clearTimeout(w.timer);
    w.offset = offset;
    w.timer = setTimeout(() => void this.close(uploadId), this.idleMs);
    w.timer.unref();
  }

  /** Why the upload's writer broke, if it did. */
  failure(uploadId: string): unknown {
    return this.open.get(uploadId)?.failure ?? null;
  }

  /** Ends the writer and waits until its bytes are stored; throws what went wrong. */
  async finish(uploadId: string): Promise<void> {
    const w = this.open.get(uploadId);
    if (!w) return;
    this.forget(uploadId);
    if (w.failure !== null) throw w.failure;
    await endWritable(w.out);
    if (w.failure !== null) throw w.failure;
  }

  /** Ends the writer, ignoring failures (the caller checks the file itself next). */
  async close(uploadId: string): Promise<void> {
    const w = this.open.get(uploadId);
    if (!w) return;
    this.forget(uploadId);
    if (w.failure !== null || w.out.destroyed) return;
    await endWritable(w.out).catch(() => undefined);
  }

  /** Drops the writer at once, without waiting for its bytes (a cancelled upload). */
  discard(uploadId: string): void {
    const w = this.open.get(uploadId);
    if (!w) return;
    this.forget(uploadId);
    w.out.destroy();
  }

  /** Ends every writer (server shutdown), so accepted bytes reach the files. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.open.keys()].map((id) => this.close(id)));
  }

  private forget(uploadId: string): void {
    const w = this.open.get(uploadId);
    if (w) clearTimeout(w.timer);
    this.open.delete(uploadId);
  }
}
