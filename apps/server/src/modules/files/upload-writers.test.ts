import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UploadWriters } from './upload-writers.js';

/** A writer that records whether it was ended (flushed) or destroyed. */
const writer = () => {
  const w = new Writable({ write: (_c, _e, cb) => cb() });
  return { w, ended: () => w.writableFinished, destroyed: () => w.destroyed };
};

describe('UploadWriters', () => {
  afterEach(() => vi.useRealTimers());

  it('hands the same writer to the next chunk at the offset it reached', async () => {
    const writers = new UploadWriters();
    const { w } = writer();
    writers.add('u1', w, 0);
    writers.advance('u1', 100);
    expect(await writers.take('u1', 100)).toBe(w);
    expect(w.destroyed).toBe(false);
  });

  it('ends a writer asked for at another offset, so the caller reopens at the real end', async () => {
    const writers = new UploadWriters();
    const a = writer();
    writers.add('u1', a.w, 0);
    writers.advance('u1', 100);
    expect(await writers.take('u1', 50)).toBeUndefined();
    expect(a.ended()).toBe(true);
    expect(await writers.take('u1', 100)).toBeUndefined();
  });

  it('remembers a failure between chunks and does not hand that writer out again', async () => {
    const writers = new UploadWriters();
    const { w } = writer();
    writers.add('u1', w, 0);
    writers.advance('u1', 10);
    w.destroy(new Error('connection lost'));
    await new Promise((r) => setImmediate(r));
    expect(writers.failure('u1')).toMatchObject({ message: 'connection lost' });
    expect(await writers.take('u1', 10)).toBeUndefined();
    expect(writers.failure('u1')).toBeNull();
  });

  it('finish ends the writer and reports its failure', async () => {
    const writers = new UploadWriters();
    const ok = writer();
    writers.add('ok', ok.w, 0);
    await writers.finish('ok');
    expect(ok.ended()).toBe(true);

    const bad = new Writable({ write: (_c, _e, cb) => cb(), final: (cb) => cb(new Error('dd: I/O error')) });
    writers.add('bad', bad, 0);
    await expect(writers.finish('bad')).rejects.toThrow('dd: I/O error');
  });

  it('ends a writer left idle, and discard drops one at once', async () => {
    vi.useFakeTimers();
    const writers = new UploadWriters(1000);
    const idle = writer();
    writers.add('idle', idle.w, 0);
    writers.advance('idle', 5);
    await vi.advanceTimersByTimeAsync(1001);
    expect(idle.ended()).toBe(true);
    expect(await writers.take('idle', 5)).toBeUndefined();

    const dropped = writer();
    writers.add('gone', dropped.w, 0);
    writers.discard('gone');
    expect(dropped.destroyed()).toBe(true);
  });

  it('closeAll ends every kept writer', async () => {
    const writers = new UploadWriters();
    const a = writer();
    const b = writer();
    writers.add('a', a.w, 0);
    writers.add('b', b.w, 0);
    await writers.closeAll();
    expect([a.ended(), b.ended()]).toEqual([true, true]);
  });
});
