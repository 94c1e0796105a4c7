import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chmodFile, downloadFiles, ErrorData, listFiles, makeFolder, readTextFile, Role, searchFiles } from '@portal/shared';
import { createTestApp, parseEnvelope, signedIn, type TestApp, type TestClient } from '../../test/harness.js';

/*
 * Faults of the file system itself (a link loop, a name too long, a closed parent) answer 4xx with
 * their own reason, on every operation, never 500 "Operation Failed". Local access, real files.
 */

describe('file system faults', () => {
  let t: TestApp;
  let alice: TestClient;
  let home: string;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signedIn(t.app, 'alice', Role.user);
    home = (await alice.call(listFiles)).data.home;
    symlinkSync('loop', join(home, 'loop'));
    mkdirSync(join(home, 'closed', 'inner'), { recursive: true });
    writeFileSync(join(home, 'closed', 'inner.txt'), 'x');
  });
  afterAll(() => t.close());

  /** Each operation on a path, answering [status, reason]. */
  const ops: Record<string, (path: string) => Promise<[number, unknown]>> = {
    list: async (path) => answer(await alice.callUnchecked(listFiles, { query: { path } })),
    read: async (path) => answer(await alice.callUnchecked(readTextFile, { query: { path } })),
    download: async (path) => {
      const res = await alice.raw('GET', downloadFiles.path, { query: { path } });
      return [res.statusCode, ErrorData.parse(parseEnvelope(res.body).data).reason];
    },
    search: async (path) => answer(await alice.callUnchecked(searchFiles, { query: { path, text: 'x' } })),
    chmod: async (path) => answer(await alice.callUnchecked(chmodFile, { body: { path, mode: '700' } })),
    // A new folder inside the path (or, for a long name, named after its last part).
    mkdir: async (path) =>
      answer(await alice.callUnchecked(makeFolder, { body: { path: dirname(path), name: path.split('/').pop() ?? '' } })),
  };
  const answer = (res: { status: number; error?: { reason?: unknown } | undefined }): [number, unknown] => [
    res.status,
    res.error?.reason,
  ];

  it('answer a symbolic link loop with 400 symlinkLoop', async () => {
    for (const [op, call] of Object.entries(ops)) {
      // mkdir makes a folder inside the looping link.
      const path = op === 'mkdir' ? join(home, 'loop', 'new') : join(home, 'loop');
      expect(await call(path), op).toEqual([400, 'symlinkLoop']);
    }
  });

  it('answer a name longer than the file system allows with 400 nameTooLong', async () => {
    // 100 characters of 3 bytes each: within the portal's 255-character limit, over NAME_MAX bytes.
    const long = join(home, '文'.repeat(100));
    for (const [op, call] of Object.entries(ops)) expect(await call(long), op).toEqual([400, 'nameTooLong']);
  });

  it('answer a folder closed to the account with 403 fileDenied, also below it', async () => {
    // Mode 000 refuses even the owner; as root the server acts as alice's own account (local mode
    // as root), so the kernel refuses her too.
    chmodSync(join(home, 'closed'), 0o000);
    try {
      for (const [op, call] of Object.entries(ops)) {
        const below = op === 'list' || op === 'search' ? join(home, 'closed', 'inner') : join(home, 'closed', 'inner.txt');
        expect(await call(below), `${op} below`).toEqual([403, 'fileDenied']);
      }
      // The closed folder itself: listing and searching it is refused too.
      expect(await ops.list!(join(home, 'closed')), 'list').toEqual([403, 'fileDenied']);
      expect(await ops.search!(join(home, 'closed')), 'search').toEqual([403, 'fileDenied']);
    } finally {
      chmodSync(join(home, 'closed'), 0o755);
    }
  });
});
