import type { UploadState } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { runUpload, type UploadTransport } from './upload-runner';

/** A server that keeps the bytes it received and can be told to fail the next calls. */
const fakeServer = (size: number) => {
  const received: number[] = [];
  const st = (): UploadState => ({
    uploadId: 'up_12345678',
    path: '/h/f',
    size,
    offset: received.length,
    done: received.length === size,
  });
  const failures: (() => never)[] = [];
  const calls: string[] = [];
  const transport: UploadTransport = {
    start: async () => {
      calls.push('start');
      return st();
    },
    status: async () => {
      calls.push('status');
      return st();
    },
    send: async (_id, offset, chunk, onBytes) => {
      calls.push(`send@${offset}`);
      const bytes = await bytesOf(chunk);
      const fail = failures.shift();
      if (fail) {
        // Half the chunk arrives before the connection drops.
        if (offset === received.length) received.push(...bytes.slice(0, Math.floor(bytes.length / 2)));
        fail();
      }
      if (offset !== received.length) throw new ApiError(10004, 'offset', 409, { reason: 'validation', offset: received.length });
      received.push(...bytes);
      onBytes(bytes.length);
      return st();
    },
    cancel: async () => {},
  };
  return { transport, received, failures, calls };
};

const bytesOf = (b: Blob) =>
  new Promise<Uint8Array>((ok) => {
    const r = new FileReader();
    r.onload = () => ok(r.result instanceof ArrayBuffer ? new Uint8Array(r.result) : new Uint8Array());
    r.readAsArrayBuffer(b);
  });

const fileOf = (n: number) => new Blob([Uint8Array.from({ length: n }, (_, i) => i % 251)]);
const noSleep = async () => {};

describe('runUpload', () => {
  it('sends a file in chunks and reports progress up to its size', async () => {
    const s = fakeServer(20);
    const seen: number[] = [];
    const done = await runUpload(fileOf(20), { path: '/h', name: 'f', size: 20, overwrite: false }, s.transport, {
      signal: new AbortController().signal,
      chunkBytes: 8,
      onProgress: (n) => seen.push(n),
    });
    expect(done.done).toBe(true);
    expect(s.received).toEqual([...(await bytesOf(fileOf(20)))]);
    expect(s.calls).toEqual(['start', 'send@0', 'send@8', 'send@16']);
    expect(seen.at(-1)).toBe(20);
  });

  it('resumes from the offset the server holds after a dropped connection', async () => {
    const s = fakeServer(20);
    s.failures.push(() => {
      throw new NetworkError(false);
    });
    const retries: number[] = [];
    await runUpload(fileOf(20), { path: '/h', name: 'f', size: 20, overwrite: false }, s.transport, {
      signal: new AbortController().signal,
      chunkBytes: 8,
      sleep: noSleep,
      onRetry: (a) => retries.push(a),
    });
    expect(retries).toEqual([1]);
    // The first chunk half arrived: status says 4, so sending resumes at 4, not 0 or 8.
    expect(s.calls).toEqual(['start', 'send@0', 'status', 'send@4', 'send@12']);
    expect(s.received).toEqual([...(await bytesOf(fileOf(20)))]);
  });

  it('continues from the offset a 409 answer names', async () => {
    const s = fakeServer(10);
    await s.transport.send('x', 0, fileOf(10).slice(0, 6), () => {}, new AbortController().signal);
    s.calls.length = 0;
    // A stale start answer says 0; the server's 409 names 6, and sending goes on from there.
    const stale: UploadTransport = {
      ...s.transport,
      start: async (target, signal) => ({ ...(await s.transport.start(target, signal)), offset: 0 }),
    };
    const done = await runUpload(fileOf(10), { path: '/h', name: 'f', size: 10, overwrite: false }, stale, {
      signal: new AbortController().signal,
      chunkBytes: 4,
    });
    expect(s.calls).toEqual(['start', 'send@0', 'send@6']);
    expect(done.done).toBe(true);
    expect(s.received).toEqual([...(await bytesOf(fileOf(10)))]);
  });

  it('gives up at once on a refusal such as a full quota', async () => {
    const s = fakeServer(10);
    s.failures.push(() => {
      throw new ApiError(10011, 'quota', 413, { reason: 'quotaExceeded' });
    });
    await expect(
      runUpload(fileOf(10), { path: '/h', name: 'f', size: 10, overwrite: false }, s.transport, {
        signal: new AbortController().signal,
        sleep: noSleep,
      }),
    ).rejects.toMatchObject({ status: 413 });
    expect(s.calls).toEqual(['start', 'send@0']);
  });

  it('stops after the retry budget', async () => {
    const s = fakeServer(10);
    for (let i = 0; i < 10; i++)
      s.failures.push(() => {
        throw new NetworkError(false);
      });
    await expect(
      runUpload(fileOf(10), { path: '/h', name: 'f', size: 10, overwrite: false }, s.transport, {
        signal: new AbortController().signal,
        sleep: noSleep,
        policy: { maxRetries: 2, baseMs: 1, maxMs: 1 },
      }),
    ).rejects.toBeInstanceOf(NetworkError);
  });

  it('uploads an empty file with one empty chunk', async () => {
    const s = fakeServer(0);
    // The fake calls an empty upload done at start, like a server that needs no bytes.
    const done = await runUpload(new Blob([]), { path: '/h', name: 'e', size: 0, overwrite: false }, s.transport, {
      signal: new AbortController().signal,
    });
    expect(done.done).toBe(true);
  });
});
