import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelUpload, listFiles, Role, startUpload } from '@portal/shared';
import { createTestApp, parseEnvelope, signedIn, type TestApp, type TestClient } from '../../test/harness.js';

/*
 * A chunk under another Content-Type is read by that type's parser, so its body never reaches the
 * upload. It must be refused at once, leave the upload resumable and leak no file descriptor.
 */

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const openFds = () => readdirSync('/proc/self/fd').length;

/** Resolves to the value, or to 'no answer' when the server never answers (the bug this guards). */
const within = <T>(p: Promise<T>, ms = 15_000): Promise<T | 'no answer'> =>
  Promise.race([p, new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), ms).unref())]);

const waitFor = async (cond: () => boolean, ms = 30_000): Promise<boolean> => {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
};

const WRONG: [string, Buffer][] = [
  ['text/plain', Buffer.from('plain text')],
  ['text/plain; charset=utf-8', Buffer.from('more text')],
  ['application/x-www-form-urlencoded', Buffer.from('a=1&b=2')],
  ['application/json', Buffer.from('{"a":1}')],
  ['multipart/form-data; boundary=x', Buffer.from('--x--')],
  ['image/png', Buffer.from('png')],
];

describe('upload chunks under another Content-Type', () => {
  let t: TestApp;
  let alice: TestClient;
  let home: string;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signedIn(t.app, 'alice', Role.user);
    home = (await alice.call(listFiles)).data.home;
  });
  afterAll(() => t.close());

  const start = async (name: string, size: number) => {
    const res = await alice.callUnchecked(startUpload, { body: { path: home, name, size } });
    expect(res.errCode, JSON.stringify(res.error)).toBe(0);
    return res.data;
  };

  it('are refused with 415 at once; the upload stays resumable and no descriptor leaks', async () => {
    const data = randomBytes(50_000);
    const up = await start('typed.bin', data.length);
    // A first good chunk keeps the upload's writer open, as in a real upload.
    expect((await alice.patchChunk(up.uploadId, 0, data.subarray(0, 10_000))).statusCode).toBe(200);
    const before = openFds();

    for (let round = 0; round < 10; round++) {
      for (const [type, body] of WRONG) {
        const res = await within(alice.patchChunk(up.uploadId, 10_000, body, { 'content-type': type }));
        if (res === 'no answer') throw new Error(`a ${type} chunk got no answer`);
        expect(res.statusCode, type).toBe(415);
        const env = parseEnvelope(res.body);
        expect(env.errCode).not.toBe(0);
        expect(env.data).toMatchObject({ reason: 'chunkContentType' });
      }
    }
    // 40 refused chunks: the count comes back to where it was (a little slack for the database).
    expect(await waitFor(() => openFds() <= before + 2), `open fds: ${before} before, ${openFds()} now`).toBe(true);

    // The upload was not taken: the right chunk goes on at the same offset and completes it.
    const last = await within(alice.patchChunk(up.uploadId, 10_000, data.subarray(10_000)));
    if (last === 'no answer') throw new Error('the good chunk got no answer');
    expect(last.json().data).toMatchObject({ offset: data.length, done: true });
    expect(sha(readFileSync(join(home, 'typed.bin')))).toBe(sha(data));
  });

  it('leave the upload cancellable, and a new start gets a working upload', async () => {
    const up = await start('cancelled.bin', 100);
    const res = await within(alice.patchChunk(up.uploadId, 0, Buffer.from('x'), { 'content-type': 'text/plain' }));
    expect(res === 'no answer' ? res : res.statusCode).toBe(415);
    expect((await alice.callUnchecked(cancelUpload, { params: { uploadId: up.uploadId } })).status).toBe(200);
    const again = await start('cancelled.bin', 3);
    expect(again.uploadId).not.toBe(up.uploadId);
    const ok = await within(alice.patchChunk(again.uploadId, 0, Buffer.from('abc')));
    expect(ok === 'no answer' ? ok : ok.json().data).toMatchObject({ done: true });
  });
});
