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
    expect((r.error as { code?: string }).code).toBe('ENOSPC');
    expect(r.aborted).toBe(false);
  });
});
