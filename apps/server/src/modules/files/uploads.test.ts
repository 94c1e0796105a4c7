import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelUpload, listFiles, Role, startUpload, UPLOAD_CHUNK_MAX_BYTES, uploadStatus } from '@portal/shared';
import { createTestApp, ManualClock, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { sendChunkCutOff } from '../../test/upload-chunks.js';

/* Resumable uploads: start, chunks at offsets, a dropped connection, resume, and the rules. */

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('resumable uploads', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let home: string;
  const clock = new ManualClock();

  beforeAll(async () => {
    t = await createTestApp({}, clock);
    alice = await signedIn(t.app, 'alice', Role.user);
    bob = await signedIn(t.app, 'bob', Role.user);
    home = (await alice.call(listFiles)).data.home;
    await bob.call(listFiles);
  });
  afterAll(() => t.close());

  /** Sends one chunk through inject (the whole body arrives). */
  const patch = (c: TestClient, uploadId: string, offset: number | string, body: Buffer, type?: string) =>
    c.patchChunk(uploadId, offset, body, type ? { 'content-type': type } : {});

  const start = async (name: string, size: number, extra: Record<string, unknown> = {}) => {
    const res = await alice.callUnchecked(startUpload, { body: { path: home, name, size, ...extra } });
    expect(res.errCode, JSON.stringify(res.data)).toBe(0);
    return res.data;
  };

  it('takes a file in chunks and moves it into place with the last one', async () => {
    const data = randomBytes(300_000);
    const up = await start('data.bin', data.length);
    expect(up).toMatchObject({ offset: 0, done: false, path: join(home, 'data.bin') });
    // Nothing under the real name until it is complete; the partial file is hidden.
    expect(existsSync(join(home, 'data.bin'))).toBe(false);
    expect(readdirSync(home).filter((n) => n.startsWith('.data.bin.portal-upload-'))).toHaveLength(1);
    const first = await patch(alice, up.uploadId, 0, data.subarray(0, 100_000));
    expect(first.json().data).toMatchObject({ offset: 100_000, done: false });
    const last = await patch(alice, up.uploadId, 100_000, data.subarray(100_000), 'application/octet-stream');
    expect(last.json().data).toMatchObject({ offset: 300_000, done: true });
    expect(sha(readFileSync(join(home, 'data.bin')))).toBe(sha(data));
    expect(readdirSync(home).some((n) => n.includes('portal-upload'))).toBe(false);
    // A client whose last answer got lost learns from the status that the upload is complete.
    expect((await alice.call(uploadStatus, { params: { uploadId: up.uploadId } })).data).toMatchObject({
      done: true,
      offset: 300_000,
    });
    // Cancelling it then keeps the file.
    expect((await alice.call(cancelUpload, { params: { uploadId: up.uploadId } })).errCode).toBe(0);
    expect(sha(readFileSync(join(home, 'data.bin')))).toBe(sha(data));
    expect((await alice.call(uploadStatus, { params: { uploadId: up.uploadId } })).status).toBe(404);
  });

  it('survives a connection dropped mid-chunk and resumes where the bytes stopped', async () => {
    const data = randomBytes(2_000_000);
    const up = await start('resumed.bin', data.length);
    // The browser sends the whole file as one chunk and the network drops after 700,000 bytes.
    const cut = 700_000;
    const offset = await sendChunkCutOff(t, alice, up.uploadId, data, cut);
    expect(offset).toBe(cut);
    // Starting the same upload again (same folder, name and size) answers the same id and offset.
    expect(await start('resumed.bin', data.length)).toMatchObject({ uploadId: up.uploadId, offset: cut });
    // A chunk at the wrong offset is refused with the right one.
    const wrong = await patch(alice, up.uploadId, 0, data.subarray(0, 10));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().data).toMatchObject({ reason: 'uploadOffsetMismatch', offset: cut });
    const rest = await patch(alice, up.uploadId, cut, data.subarray(cut));
    expect(rest.json().data).toMatchObject({ done: true, offset: data.length });
    expect(sha(readFileSync(join(home, 'resumed.bin')))).toBe(sha(data));
  });

  it('does not replace an existing file unless asked at the start', async () => {
    writeFileSync(join(home, 'exists.txt'), 'old');
    const refused = await alice.call(startUpload, { body: { path: home, name: 'exists.txt', size: 3 } });
    expect(refused.status).toBe(409);
    expect(refused.error?.reason).toBe('fileExists');
    const up = await start('exists.txt', 3, { overwrite: true });
    expect((await patch(alice, up.uploadId, 0, Buffer.from('new'))).json().data.done).toBe(true);
    expect(readFileSync(join(home, 'exists.txt'), 'utf8')).toBe('new');
  });

  it('finishes an empty file at once', async () => {
    const up = await start('empty.txt', 0);
    expect(up).toMatchObject({ done: true, offset: 0 });
    expect(readFileSync(join(home, 'empty.txt'))).toHaveLength(0);
  });

  it('refuses chunks above the maximum or beyond the announced size', async () => {
    const up = await start('small.txt', 10);
    const tooBig = await alice.patchChunk(up.uploadId, 0, Buffer.alloc(16), {
      'content-length': String(UPLOAD_CHUNK_MAX_BYTES + 1),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().data.reason).toBe('chunkTooLarge');
    const long = await patch(alice, up.uploadId, 0, Buffer.alloc(11));
    expect(long.statusCode).toBe(413);
    expect(long.json().data.reason).toBe('uploadTooLong');
    expect((await alice.call(uploadStatus, { params: { uploadId: up.uploadId } })).data.offset).toBe(0);
  });

  it('belongs to its owner only, and refuses chunks sent by another site', async () => {
    const up = await start('mine.bin', 4);
    expect((await bob.call(uploadStatus, { params: { uploadId: up.uploadId } })).status).toBe(404);
    expect((await patch(bob, up.uploadId, 0, Buffer.from('evil'))).statusCode).toBe(404);
    expect((await bob.call(cancelUpload, { params: { uploadId: up.uploadId } })).status).toBe(404);
    const crossSite = await alice.app.inject({
      method: 'PATCH',
      url: `/efile/api/uploads/${up.uploadId}`,
      headers: { ...alice.chunkHeaders(0), 'sec-fetch-site': 'cross-site' },
      payload: Buffer.from('abcd'),
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await alice.call(uploadStatus, { params: { uploadId: up.uploadId } })).data.offset).toBe(0);
  });

  it('removes the partial file when cancelled', async () => {
    const up = await start('cancel.bin', 100);
    await patch(alice, up.uploadId, 0, Buffer.alloc(50));
    expect(readdirSync(home).some((n) => n.startsWith('.cancel.bin.portal-upload-'))).toBe(true);
    expect((await alice.call(cancelUpload, { params: { uploadId: up.uploadId } })).errCode).toBe(0);
    expect(readdirSync(home).some((n) => n.startsWith('.cancel.bin.portal-upload-'))).toBe(false);
    expect((await alice.call(uploadStatus, { params: { uploadId: up.uploadId } })).status).toBe(404);
  });

  it('forgets uploads left alone for a day when a new one starts', async () => {
    const old = await start('old.bin', 100);
    // Aged in the database: moving the clock a day on would end the test's session too.
    await t.app.services.db
      .updateTable('uploads')
      .set({ updated_at: clock.now() - 25 * 3_600_000 })
      .where('id', '=', old.uploadId)
      .execute();
    await start('fresh.bin', 100);
    expect((await alice.call(uploadStatus, { params: { uploadId: old.uploadId } })).status).toBe(404);
    expect(readdirSync(home).some((n) => n.startsWith('.old.bin.portal-upload-'))).toBe(false);
  });

  it('refuses a target folder outside the roots', async () => {
    const res = await alice.call(startUpload, { body: { path: '/tmp', name: 'x', size: 1 } });
    expect(res.status).toBe(403);
    expect(res.error?.reason).toBe('pathOutsideRoots');
  });
});
