import { UPLOAD_CHUNK_BYTES, type UploadState } from '@portal/shared';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { DEFAULT_RETRY, isRetryable, nextChunk, resumeOffset, retryDelay, type Failure, type RetryPolicy } from './upload-plan';

export interface UploadTarget {
  /** The cluster of the target folder (default: the first configured); later calls follow the upload id. */
  clusterId?: string | undefined;
  /** Target folder. */
  path: string;
  name: string;
  size: number;
  overwrite: boolean;
}

/** The four upload calls of the contract; the real one is upload-transport.ts, tests pass fakes. */
export interface UploadTransport {
  start(target: UploadTarget, signal: AbortSignal): Promise<UploadState>;
  status(uploadId: string, signal: AbortSignal): Promise<UploadState>;
  /** Sends one chunk at `offset`; `onBytes` reports bytes of this chunk sent so far. */
  send(uploadId: string, offset: number, chunk: Blob, onBytes: (n: number) => void, signal: AbortSignal): Promise<UploadState>;
  cancel(uploadId: string): Promise<void>;
}

export interface UploadEvents {
  onStarted?(uploadId: string): void;
  /** Bytes the server holds or is receiving, out of the file's size. */
  onProgress?(sent: number): void;
  /** A try failed and the next starts in `delayMs`. */
  onRetry?(attempt: number, delayMs: number): void;
}

export interface RunOptions extends UploadEvents {
  signal: AbortSignal;
  policy?: RetryPolicy;
  chunkBytes?: number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const abortableSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((ok, fail) => {
    const timer = setTimeout(ok, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      fail(signal.reason as Error);
    });
  });

const failureOf = (err: unknown): Failure | null => {
  if (err instanceof NetworkError) return { kind: 'network' };
  if (err instanceof ApiError) return { kind: 'http', status: err.status };
  return null;
};

/**
 * Uploads one file in chunks and answers the final state. A lost connection or a gateway answer
 * is retried with backoff, resuming at the offset the server reports; a 409 names the offset the
 * server holds and the upload continues there. Refusals (too large, quota, permission) throw.
 */
export const runUpload = async (
  file: Blob,
  target: UploadTarget,
  transport: UploadTransport,
  opts: RunOptions,
): Promise<UploadState> => {
  const { signal, policy = DEFAULT_RETRY, chunkBytes = UPLOAD_CHUNK_BYTES, sleep = abortableSleep } = opts;
  let state: UploadState | null = null;
  let failures = 0;
  let offset = 0;

  const recover = async (err: unknown) => {
    if (signal.aborted) throw err;
    if (err instanceof ApiError && err.status === 409 && state) {
      const at = resumeOffset(err.data.offset, target.size);
      if (at !== null && failures++ < policy.maxRetries) {
        offset = at;
        return;
      }
    }
    const f = failureOf(err);
    if (!f || !isRetryable(f) || failures >= policy.maxRetries) throw err;
    failures += 1;
    const delay = retryDelay(failures, policy);
    opts.onRetry?.(failures, delay);
    await sleep(delay, signal);
    if (state) {
      // Ask where the server got to; a failure here counts as one more failed try.
      try {
        const s = await transport.status(state.uploadId, signal);
        offset = resumeOffset(s.offset, target.size) ?? 0;
      } catch (e) {
        await recover(e);
      }
    }
  };

  for (;;) {
    signal.throwIfAborted();
    try {
      if (!state) {
        state = await transport.start(target, signal);
        offset = resumeOffset(state.offset, target.size) ?? 0;
        opts.onStarted?.(state.uploadId);
        opts.onProgress?.(offset);
        if (state.done) return state;
        continue;
      }
      const range = nextChunk(offset, target.size, chunkBytes);
      if (!range) {
        // Every byte is there but the server did not say done: ask once more.
        const s = await transport.status(state.uploadId, signal);
        if (s.done) return s;
        offset = resumeOffset(s.offset, target.size) ?? 0;
        if (offset >= target.size && target.size > 0) throw new ApiError(10001, 'upload did not complete', 500);
        continue;
      }
      const base = range.start;
      const next = await transport.send(
        state.uploadId,
        base,
        file.slice(range.start, range.end),
        (n) => opts.onProgress?.(base + n),
        signal,
      );
      offset = next.offset;
      opts.onProgress?.(offset);
      if (next.done) return next;
      failures = 0;
    } catch (err) {
      await recover(err);
    }
  }
};
