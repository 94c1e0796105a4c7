import type { UploadState } from '@portal/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { UploadQueue } from './upload-queue';
import type { UploadTransport } from './upload-runner';

/** A transport whose chunk calls wait until the test lets them finish. */
const gatedTransport = () => {
  const gates: { name: string; open: () => void }[] = [];
  const cancelled: string[] = [];
  const t: UploadTransport = {
    start: async (target) => {
      if (target.name === 'exists.txt' && !target.overwrite) throw new ApiError(10004, 'exists', 409, { reason: 'fileExists' });
      const state: UploadState = { uploadId: `id_${target.name}`, path: target.path, size: target.size, offset: 0, done: false };
      return state;
    },
    status: async () => {
      throw new Error('not used');
    },
    send: (id, offset, chunk, onBytes, signal) =>
      new Promise((ok, fail) => {
        signal.addEventListener('abort', () => fail(signal.reason));
        gates.push({
          name: id,
          open: () => {
            onBytes(chunk.size);
            ok({ uploadId: id, path: '/h', size: chunk.size, offset: offset + chunk.size, done: true });
          },
        });
      }),
    cancel: async (id) => {
      cancelled.push(id);
    },
  };
  return { t, gates, cancelled };
};

const file = (name: string, size = 4) => new File([new Uint8Array(size)], name);
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('UploadQueue', () => {
  it('sends two files at a time, then the next, and reports each completion', async () => {
    const { t, gates } = gatedTransport();
    const done = vi.fn();
    const q = new UploadQueue(t, 2);
    q.onComplete(done);
    q.add(['a', 'b', 'c'].map((n) => ({ file: file(n), folder: '/h', overwrite: false })));
    await settle();
    expect(q.snapshot().map((i) => i.status)).toEqual(['uploading', 'uploading', 'waiting']);
    gates.shift()!.open();
    await settle();
    await settle();
    expect(done).toHaveBeenCalledWith(expect.objectContaining({ name: 'a', status: 'done', sent: 4 }));
    expect(q.snapshot().map((i) => i.status)).toEqual(['done', 'uploading', 'uploading']);
  });

  it('cancels one file without touching the others, and tells the server', async () => {
    const { t, cancelled } = gatedTransport();
    const q = new UploadQueue(t, 2);
    q.add(['a', 'b'].map((n) => ({ file: file(n), folder: '/h', overwrite: false })));
    await settle();
    q.cancel(q.snapshot()[0]!.id);
    await settle();
    expect(q.snapshot().map((i) => i.status)).toEqual(['cancelled', 'uploading']);
    expect(cancelled).toEqual(['id_a']);
  });

  it('keeps a refused file so that it can be sent again to replace the existing one', async () => {
    const { t, gates } = gatedTransport();
    const q = new UploadQueue(t, 2);
    q.add([{ file: file('exists.txt'), folder: '/h', overwrite: false }]);
    await settle();
    const [item] = q.snapshot();
    expect(item?.status).toBe('error');
    expect(item?.error).toBeInstanceOf(ApiError);
    expect(item?.error).toMatchObject({ reason: 'fileExists' });
    q.retry(item!.id, true);
    await settle();
    expect(q.snapshot()[0]?.status).toBe('uploading');
    gates.shift()!.open();
    await settle();
    await settle();
    expect(q.snapshot()[0]?.status).toBe('done');
  });

  it('starts each file on the cluster it was dropped on, also when tried again', async () => {
    const { t } = gatedTransport();
    const start = vi.spyOn(t, 'start');
    const q = new UploadQueue(t, 2);
    q.add([
      { file: file('exists.txt'), clusterId: 'west', folder: '/w', overwrite: false },
      { file: file('b'), folder: '/h', overwrite: false },
    ]);
    await settle();
    q.retry(q.snapshot()[0]!.id, true);
    await settle();
    expect(start.mock.calls.map(([target]) => [target.name, target.clusterId, target.path])).toEqual([
      ['exists.txt', 'west', '/w'],
      ['b', undefined, '/h'],
      ['exists.txt', 'west', '/w'],
    ]);
  });
});
