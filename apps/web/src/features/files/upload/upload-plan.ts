import { UPLOAD_CHUNK_BYTES } from '@portal/shared';

/* The pure rules of a resumable upload: which bytes go next, when to try again, how fast it runs. */

export interface ChunkRange {
  start: number;
  end: number;
}

/**
 * The next chunk to send from `offset`: [start, end) at most `chunkBytes` long. An empty file
 * still sends one empty chunk at 0 (it completes the upload); a finished one sends nothing.
 */
export const nextChunk = (offset: number, size: number, chunkBytes = UPLOAD_CHUNK_BYTES): ChunkRange | null => {
  if (offset > size || (offset === size && size > 0)) return null;
  return { start: offset, end: Math.min(size, offset + chunkBytes) };
};

/**
 * Where to continue after the server named an offset (from uploadStatus or a 409 answer). An
 * offset outside 0..size means the server's copy no longer matches the file: null, start over.
 */
export const resumeOffset = (serverOffset: unknown, size: number): number | null =>
  typeof serverOffset === 'number' && Number.isInteger(serverOffset) && serverOffset >= 0 && serverOffset <= size
    ? serverOffset
    : null;

export interface RetryPolicy {
  /** Tries after the first failure before the upload is reported failed. */
  maxRetries: number;
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 8, baseMs: 1000, maxMs: 30_000 };

/** Exponential backoff: base × 2^(attempt-1), capped, with up to 20% random extra (`jitter` 0..1). */
export const retryDelay = (attempt: number, policy: RetryPolicy = DEFAULT_RETRY, jitter = Math.random()): number => {
  const exp = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp * (1 + 0.2 * Math.min(1, Math.max(0, jitter))));
};

/** What failed while sending: a lost connection, or an HTTP answer with its status. */
export type Failure = { kind: 'network' } | { kind: 'http'; status: number };

/**
 * Whether a failure is worth another try: lost connections and gateway or overload answers are;
 * refusals (bad request, permission, too large, quota, no space) are not and show at once.
 */
export const isRetryable = (f: Failure): boolean =>
  f.kind === 'network' || f.status === 408 || f.status === 429 || f.status === 502 || f.status === 503 || f.status === 504;

/** Bytes per second over the last few seconds of progress samples. */
export class SpeedMeter {
  private samples: { at: number; bytes: number }[] = [];
  constructor(private readonly windowMs = 3000) {}

  add(at: number, bytes: number): void {
    this.samples.push({ at, bytes });
    while (this.samples.length > 2 && at - (this.samples[0]?.at ?? at) > this.windowMs) this.samples.shift();
  }

  /** 0 until two samples at different times exist. */
  bytesPerSecond(): number {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last || last.at <= first.at) return 0;
    return Math.max(0, ((last.bytes - first.bytes) * 1000) / (last.at - first.at));
  }
}
