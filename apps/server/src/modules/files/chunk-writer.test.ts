import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeChunk } from './chunk-writer.js';

/** A file stream that stores what it is given and fails like a full disk after `failAfter` bytes. */
const sink = (failAfter = Infinity) => {
  const stored: Buffer[] = [];
  let n = 0;
  const dst = new Writable({
    write(chunk: Buffer, _enc, cb) {
      if (n + chunk.length > failAfter) {
        cb(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
        return;
      }
      n += chunk.length;
      stored.push(chunk);
      setTimeout(cb, 1);
    },
  });
  return { dst, stored: () => Buffer.concat(stored) };
};

describe('writeChunk', () => {
  it('writes the whole body and counts it', async () => {
    const src = new PassThrough();
    const { dst, stored } = sink();
    const done = writeChunk(src, dst, 100);
    src.end(Buffer.from('hello world'));
    expect(await done).toMatchObject({ written: 11, aborted: false, overflow: false, error: null });
    expect(stored().toString()).toBe('hello world');
  });

  it('settles at once on a body that was already read to its end', async () => {
    const src = new PassThrough();
    src.end(Buffer.from('read by someone else'));
    src.resume();
    await new Promise((r) => src.once('end', r));
    const { dst, stored } = sink();
    expect(await writeChunk(src, dst, 100)).toMatchObject({ written: 0, aborted: false, error: null });
    expect(stored()).toHaveLength(0);
  });

  it('keeps exactly what arrived when the sender drops midway', async () => {
    const src = new PassThrough();
    const { dst, stored } = sink();
    const done = writeChunk(src, dst, 100);
    src.write(Buffer.from('first part,'));
    await new Promise((r) => setTimeout(r, 10));
    src.destroy();
    const r = await done;
    expect(r).toMatchObject({ written: 11, aborted: true, error: null });
    expect(stored().toString()).toBe('first part,');
  });

  it('stops at the limit and writes nothing beyond it', async () => {
    const src = new PassThrough();
    const { dst, stored } = sink();
    const done = writeChunk(src, dst, 5);
    src.end(Buffer.from('0123456789'));
    expect(await done).toMatchObject({ written: 5, overflow: true });
    expect(stored().toString()).toBe('01234');
  });

  it('reports a full disk with the bytes stored before it, and still reads the body to its end', async () => {
    const src = new PassThrough();
    const { dst } = sink(4);
    const done = writeChunk(src, dst, 100);
    src.write(Buffer.from('abcd'));
    await new Promise((r) => setTimeout(r, 10));
    src.end(Buffer.from('efgh'));
    const r = await done;
    expect(r.written).toBe(4);
    expect(r.error).toMatchObject({ code: 'ENOSPC' });
    expect(r.aborted).toBe(false);
  });

  it('leaves the destination open and without its listeners, ready for the next chunk', async () => {
    const { dst, stored } = sink();
    const before = ['error', 'drain', 'close'].map((e) => dst.listenerCount(e));
    for (const text of ['one,', 'two']) {
      const src = new PassThrough();
      const done = writeChunk(src, dst, 100);
      src.end(Buffer.from(text));
      expect(await done).toMatchObject({ written: text.length, error: null });
    }
    expect(dst.writable).toBe(true);
    expect(['error', 'drain', 'close'].map((e) => dst.listenerCount(e))).toEqual(before);
    expect(stored().toString()).toBe('one,two');
  });

  it('waits for every write to be acknowledged before answering', async () => {
    const acks: (() => void)[] = [];
    const dst = new Writable({
      highWaterMark: 1024 * 1024,
      write(_chunk: Buffer, _enc, cb) {
        acks.push(() => cb());
      },
    });
    const src = new PassThrough();
    let answered = false;
    const done = writeChunk(src, dst, 100).then((r) => {
      answered = true;
      return r;
    });
    src.end(Buffer.from('abc'));
    await new Promise((r) => setTimeout(r, 20));
    expect(answered).toBe(false);
    acks.forEach((ack) => ack());
    expect((await done).written).toBe(3);
  });

  it('fails the chunk when the destination closes under it', async () => {
    const dst = new Writable({ write: () => undefined });
    const src = new PassThrough();
    const done = writeChunk(src, dst, 100);
    src.write(Buffer.from('abc'));
    await new Promise((r) => setTimeout(r, 10));
    dst.destroy();
    src.end();
    const r = await done;
    expect(r.written).toBe(0);
    expect(r.error).toBeTruthy();
  });
});
