import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadFiles, listFiles, Role } from '@portal/shared';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { parseRange } from './download.http.js';

describe('byte ranges', () => {
  it('parse single ranges, suffixes and open ends; refuse ranges outside the file', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=95-200', 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });
});

describe('downloads', () => {
  let t: TestApp;
  let alice: TestClient;
  let home: string;
  const data = randomBytes(100_000);

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signedIn(t.app, 'alice', Role.user);
    home = (await alice.call(listFiles)).data.home;
    writeFileSync(join(home, 'data.bin'), data);
    writeFileSync(join(home, '图.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    mkdirSync(join(home, 'results', 'run1'), { recursive: true });
    writeFileSync(join(home, 'results', 'run1', 'out.txt'), 'done\n');
  });
  afterAll(() => t.close());

  const get = (path: string, headers: Record<string, string> = {}, inline?: boolean) =>
    alice.raw('GET', downloadFiles.path, { query: { path, ...(inline ? { inline: true } : {}) }, headers });

  it('streams a whole file with its length, as an attachment', async () => {
    const res = await get(join(home, 'data.bin'));
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(data)).toBe(true);
    expect(res.headers['content-length']).toBe(String(data.length));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="data.bin"; filename*=UTF-8''data.bin`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a range with 206 and exactly those bytes', async () => {
    const res = await get(join(home, 'data.bin'), { range: 'bytes=1000-1999' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 1000-1999/${data.length}`);
    expect(res.headers['content-length']).toBe('1000');
    expect(res.rawPayload.equals(data.subarray(1000, 2000))).toBe(true);
    const tail = await get(join(home, 'data.bin'), { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(data.subarray(data.length - 10))).toBe(true);
  });

  it('answers 416 for a range outside the file', async () => {
    const res = await get(join(home, 'data.bin'), { range: `bytes=${data.length}-` });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${data.length}`);
    expect(res.json().data.reason).toBe('rangeNotSatisfiable');
  });

  it('shows images inline only when asked, with their type', async () => {
    const attached = await get(join(home, '图.png'));
    expect(attached.headers['content-disposition']).toMatch(/^attachment; .*filename\*=UTF-8''%E5%9B%BE\.png$/);
    const inline = await get(join(home, '图.png'), {}, true);
    expect(inline.headers['content-type']).toBe('image/png');
    expect(inline.headers['content-disposition']).toMatch(/^inline; /);
    // Anything else stays an attachment even when inline is asked.
    expect((await get(join(home, 'data.bin'), {}, true)).headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('streams a folder as a .tar.gz that tar can list', async () => {
    const res = await get(join(home, 'results'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['content-disposition']).toMatch(/filename="results\.tar\.gz"/);
    const listing = execFileSync('tar', ['-tzf', '-'], { input: res.rawPayload }).toString().split('\n').filter(Boolean);
    expect(listing).toEqual(expect.arrayContaining(['results/', 'results/run1/', 'results/run1/out.txt']));
  });

  it('refuses what is missing or outside the roots', async () => {
    const missing = await get(join(home, 'nope'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().data.reason).toBe('fileNotExist');
    const outside = await get('/etc/passwd');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().data.reason).toBe('pathOutsideRoots');
  });
});
