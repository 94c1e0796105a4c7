import { createHash, randomBytes } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdirSync, symlinkSync, writeFileSync } from '../../test/planted-files.js';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelTransfer, createTransfer, getTransfer, listTransfers, Role, type Transfer } from '@portal/shared';
import { FilesService } from '../files/files.service.js';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { silentLogger } from '../../lib/logger.js';
import { TransfersRepository } from './transfers.repository.js';
import { TransfersService } from './transfers.service.js';

/*
 * Across-center transfer through HTTP, between two clusters in local access mode, each with its
 * own home folders (<dataDir>/east and <dataDir>/west).
 */

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

const twoClusters = (dataDirHint: string) => [
  { id: 'east', name: 'East', local: { homeDir: join(dataDirHint, 'east') } },
  { id: 'west', name: 'West', local: { homeDir: join(dataDirHint, 'west') } },
];

/** Polls a transfer until it has finished. */
const settle = async (c: TestClient, id: number, timeoutMs = 60_000): Promise<Transfer> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await c.call(getTransfer, { params: { id: String(id) } });
    expect(res.errCode, JSON.stringify(res.data)).toBe(0);
    const tr = res.data;
    if (['done', 'failed', 'cancelled'].includes(tr.state)) return tr;
    if (Date.now() > until) throw new Error(`transfer ${id} still ${tr.state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('across-center transfer', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let viewer: TestClient;
  let base: string;
  let east: string;
  let west: string;

  beforeAll(async () => {
    // The homes live in a folder of their own: the harness picks the data folder itself.
    base = join(process.env.TMPDIR ?? '/tmp', `portal-transfers-${process.pid}-${Date.now()}`);
    t = await createTestApp({ clusters: twoClusters(base), ui: { transfer: true } });
    alice = await signedIn(t.app, 'alice', Role.user);
    bob = await signedIn(t.app, 'bob', Role.user);
    viewer = await signedIn(t.app, 'vera', Role.viewer);
    east = join(base, 'east', 'alice');
    west = join(base, 'west', 'alice');
    mkdirSync(east, { recursive: true });
    mkdirSync(west, { recursive: true });
  });
  afterAll(async () => {
    await t.close();
    const { rmSync } = await import('node:fs');
    rmSync(base, { recursive: true, force: true });
  });

  const start = (c: TestClient, body: Record<string, unknown>) => c.callUnchecked(createTransfer, { body: body });

  it('copies a folder tree and a file to the other cluster with identical content', async () => {
    const tree = join(east, 'project');
    mkdirSync(join(tree, 'sub', 'deeper'), { recursive: true });
    mkdirSync(join(tree, 'empty'));
    writeFileSync(join(tree, 'a.txt'), 'hello');
    writeFileSync(join(tree, 'sub', 'b.bin'), randomBytes(5 * 1024 * 1024 + 17));
    writeFileSync(join(tree, 'sub', 'deeper', 'c.txt'), '');
    // Links come along as links, their text unchanged (also one that leads nowhere).
    symlinkSync('sub/b.bin', join(tree, 'to-b'));
    symlinkSync('/nowhere/at/all', join(tree, 'dangling'));
    writeFileSync(join(east, 'single.dat'), randomBytes(1000));
    mkdirSync(join(west, 'in'));

    const res = await start(alice, {
      fromClusterId: 'east',
      paths: [tree, join(east, 'single.dat')],
      toClusterId: 'west',
      toPath: join(west, 'in'),
    });
    expect(res.errCode, JSON.stringify(res.data)).toBe(0);
    expect(res.data).toMatchObject({ fromClusterId: 'east', toClusterId: 'west', toPath: join(west, 'in') });
    expect(['queued', 'running']).toContain(res.data.state);

    const done = await settle(alice, res.data.id);
    expect(done).toMatchObject({ state: 'done', error: null, filesTotal: 4, filesDone: 4, currentFile: null });
    expect(done.bytesTotal).toBe(5 + 5 * 1024 * 1024 + 17 + 1000);
    expect(done.bytesDone).toBe(done.bytesTotal);
    expect(done.startedAt).not.toBeNull();
    expect(done.endedAt).not.toBeNull();

    const out = join(west, 'in', 'project');
    for (const f of ['a.txt', 'sub/b.bin', 'sub/deeper/c.txt']) expect(sha(join(out, f))).toBe(sha(join(tree, f)));
    expect(readdirSync(join(out, 'empty'))).toEqual([]);
    expect(lstatSync(join(out, 'to-b')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(out, 'to-b'))).toBe('sub/b.bin');
    expect(sha(join(out, 'to-b'))).toBe(sha(join(tree, 'sub/b.bin')));
    expect(readlinkSync(join(out, 'dangling'))).toBe('/nowhere/at/all');
    expect(sha(join(west, 'in', 'single.dat'))).toBe(sha(join(east, 'single.dat')));

    // The creation was audited with what went where.
    const audit = await t.app.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'transfers.create')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.result).toBe('success');
    expect(audit.target).toContain('east:');
    expect(audit.target).toContain(`west:${join(west, 'in')}`);
  });

  it('refuses to overwrite an existing target', async () => {
    writeFileSync(join(east, 'clash.txt'), 'new');
    writeFileSync(join(west, 'clash.txt'), 'old');
    const res = await start(alice, {
      fromClusterId: 'east',
      paths: [join(east, 'clash.txt')],
      toClusterId: 'west',
      toPath: west,
    });
    expect(res.status).toBe(409);
    expect(res.error?.reason).toBe('fileExists');
    expect(readFileSync(join(west, 'clash.txt'), 'utf8')).toBe('old');
  });

  it('fails with a reason when a name appears on the target while it waits', async () => {
    mkdirSync(join(east, 'later', 'x'), { recursive: true });
    writeFileSync(join(east, 'later', 'x', 'f.txt'), 'mine');
    // Hold it in the queue: no room to run.
    t.app.services.transfers.options.maxConcurrent = 0;
    try {
      const res = await start(alice, { fromClusterId: 'east', paths: [join(east, 'later')], toClusterId: 'west', toPath: west });
      expect(res.errCode).toBe(0);
      expect(res.data.state).toBe('queued');
      mkdirSync(join(west, 'later', 'x'), { recursive: true });
      writeFileSync(join(west, 'later', 'x', 'f.txt'), 'theirs');
      t.app.services.transfers.options.maxConcurrent = 2;
      // A new transfer wakes the queue up: the waiting one (older) starts first.
      const waker = await start(alice, {
        fromClusterId: 'west',
        paths: [join(west, 'clash.txt')],
        toClusterId: 'east',
        toPath: join(east, 'later'),
      });
      expect((await settle(alice, waker.data.id)).state).toBe('done');
      const failed = await settle(alice, res.data.id);
      expect(failed).toMatchObject({ state: 'failed', error: 'fileExists' });
      expect(readFileSync(join(west, 'later', 'x', 'f.txt'), 'utf8')).toBe('theirs');
    } finally {
      t.app.services.transfers.options.maxConcurrent = 2;
    }
  });

  it('cancels a running transfer and leaves no partial file', async () => {
    writeFileSync(join(east, 'big.bin'), randomBytes(8 * 1024 * 1024));
    mkdirSync(join(west, 'big-in'));
    // About four seconds for the file: long enough to be caught half-way.
    t.app.services.transfers.options.bytesPerSecond = 2 * 1024 * 1024;
    try {
      const res = await start(alice, {
        fromClusterId: 'east',
        paths: [join(east, 'big.bin')],
        toClusterId: 'west',
        toPath: join(west, 'big-in'),
      });
      expect(res.errCode).toBe(0);
      const id = res.data.id;
      // Wait until some bytes have gone (progress is written every half second).
      const until = Date.now() + 30_000;
      let seen: Transfer;
      do {
        await new Promise((r) => setTimeout(r, 100));
        seen = (await alice.call(getTransfer, { params: { id: String(id) } })).data;
      } while (seen.bytesDone === 0 && Date.now() < until);
      expect(seen.state).toBe('running');
      expect(seen.currentFile).toBe(join(east, 'big.bin'));
      expect(seen.bytesTotal).toBe(8 * 1024 * 1024);
      expect(seen.bytesDone).toBeGreaterThan(0);
      expect(seen.bytesDone).toBeLessThan(seen.bytesTotal);

      // Another user cannot see or stop it.
      expect((await bob.call(cancelTransfer, { params: { id: String(id) } })).error?.reason).toBe('transferNotFound');
      expect((await bob.call(getTransfer, { params: { id: String(id) } })).status).toBe(404);

      const cancelled = await alice.call(cancelTransfer, { params: { id: String(id) } });
      expect(cancelled.errCode).toBe(0);
      expect(cancelled.data).toMatchObject({ state: 'cancelled', error: null });
      expect(cancelled.data.bytesDone).toBeLessThan(8 * 1024 * 1024);
      expect(existsSync(join(west, 'big-in', 'big.bin'))).toBe(false);
      expect(readdirSync(join(west, 'big-in'))).toEqual([]);
      // Cancelling again changes nothing.
      expect((await alice.call(cancelTransfer, { params: { id: String(id) } })).data.state).toBe('cancelled');
    } finally {
      t.app.services.transfers.options.bytesPerSecond = 0;
    }
  });

  it('cancels a queued transfer before it starts', async () => {
    writeFileSync(join(east, 'queued.txt'), 'q');
    t.app.services.transfers.options.maxConcurrent = 0;
    try {
      const res = await start(alice, {
        fromClusterId: 'east',
        paths: [join(east, 'queued.txt')],
        toClusterId: 'west',
        toPath: west,
      });
      expect(res.data.state).toBe('queued');
      const cancelled = await alice.call(cancelTransfer, { params: { id: String(res.data.id) } });
      expect(cancelled.data).toMatchObject({ state: 'cancelled', startedAt: null });
    } finally {
      t.app.services.transfers.options.maxConcurrent = 2;
    }
    expect(existsSync(join(west, 'queued.txt'))).toBe(false);
  });

  it('refuses the same cluster, an unknown cluster, a target that is not a folder and paths outside the roots', async () => {
    writeFileSync(join(east, 'r.txt'), 'r');
    const same = await start(alice, { fromClusterId: 'east', paths: [join(east, 'r.txt')], toClusterId: 'east', toPath: east });
    expect(same.status).toBe(400);
    expect(same.error?.reason).toBe('sameCluster');
    const unknown = await start(alice, {
      fromClusterId: 'east',
      paths: [join(east, 'r.txt')],
      toClusterId: 'north',
      toPath: '/tmp',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.error?.reason).toBe('unknownCluster');
    const notDir = await start(alice, {
      fromClusterId: 'east',
      paths: [join(east, 'r.txt')],
      toClusterId: 'west',
      toPath: join(west, 'clash.txt'),
    });
    expect(notDir.error?.reason).toBe('notADirectory');
    mkdirSync(join(east, 'twin'), { recursive: true });
    writeFileSync(join(east, 'twin', 'r.txt'), 'twin');
    const twins = await start(alice, {
      fromClusterId: 'east',
      paths: [join(east, 'r.txt'), join(east, 'twin', 'r.txt')],
      toClusterId: 'west',
      toPath: west,
    });
    expect(twins.error?.reason).toBe('fileExists');
    expect(existsSync(join(west, 'r.txt'))).toBe(false);
    const missing = await start(alice, {
      fromClusterId: 'east',
      paths: [join(east, 'nope.txt')],
      toClusterId: 'west',
      toPath: west,
    });
    expect(missing.error?.reason).toBe('fileNotExist');

    // Outside the roots on either side, including another user's folder and traversal.
    const before = (
      await t.app.services.db.selectFrom('audit_log').select('id').where('action', '=', 'files.pathRefused').execute()
    ).length;
    for (const body of [
      { fromClusterId: 'east', paths: ['/etc/passwd'], toClusterId: 'west', toPath: west },
      { fromClusterId: 'east', paths: [join(east, '..', 'bob')], toClusterId: 'west', toPath: west },
      { fromClusterId: 'east', paths: [join(east, 'r.txt')], toClusterId: 'west', toPath: '/tmp' },
      { fromClusterId: 'east', paths: [join(east, 'r.txt')], toClusterId: 'west', toPath: join(west, '..', 'bob') },
    ]) {
      const res = await start(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.error?.reason).toBe('pathOutsideRoots');
    }
    const after = (
      await t.app.services.db.selectFrom('audit_log').select('id').where('action', '=', 'files.pathRefused').execute()
    ).length;
    expect(after - before).toBe(4);
  });

  it('is refused for a viewer, and validates its input', async () => {
    const res = await start(viewer, { fromClusterId: 'east', paths: [join(east, 'r.txt')], toClusterId: 'west', toPath: west });
    expect(res.status).toBe(403);
    expect(res.error?.reason).toBe('forbidden');
    const relative = await start(alice, { fromClusterId: 'east', paths: ['r.txt'], toClusterId: 'west', toPath: west });
    expect(relative.status).toBe(400);
    const none = await start(alice, { fromClusterId: 'east', paths: [], toClusterId: 'west', toPath: west });
    expect(none.status).toBe(400);
  });

  it("lists the user's own transfers, newest first, paged", async () => {
    const all = await alice.call(listTransfers, { query: { pageStart: 0, pageLimit: 300 } });
    expect(all.errCode).toBe(0);
    const list = all.data.list;
    expect(all.data.total).toBe(list.length);
    expect(list.length).toBeGreaterThanOrEqual(5);
    const ids = list.map((x) => x.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page = await alice.call(listTransfers, { query: { pageStart: 1, pageLimit: 2 } });
    expect(page.data.list.map((x) => x.id)).toEqual(ids.slice(1, 3));
    expect((await bob.call(listTransfers)).data).toEqual({ total: 0, list: [] });
  });

  it('marks transfers a previous process left running as interrupted', async () => {
    const db = t.app.services.db;
    const user = await db.selectFrom('users').select('id').where('user_name', '=', 'alice').executeTakeFirstOrThrow();
    const row = await db
      .insertInto('transfers')
      .values({
        user_id: Number(user.id),
        user_name: 'alice',
        from_cluster: 'east',
        to_cluster: 'west',
        paths: JSON.stringify([join(east, 'r.txt')]),
        to_path: west,
        state: 'running',
        bytes_total: 10,
        bytes_done: 3,
        files_total: 1,
        files_done: 0,
        current_file: join(east, 'r.txt'),
        error: null,
        created_at: Date.now(),
        started_at: Date.now(),
        ended_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // What a new process does at start, on the same database.
    const files = new FilesService(() => {
      throw new Error('no cluster needed');
    });
    const next = new TransfersService(
      {
        repo: new TransfersRepository(db),
        files,
        clock: { now: () => Date.now() },
        enabled: () => true,
        clusterIds: () => ['east', 'west'],
        log: silentLogger,
      },
      { maxConcurrent: 0 },
    );
    expect(await next.recover()).toBe(1);
    await next.close();
    const after = await alice.call(getTransfer, { params: { id: String(row.id) } });
    expect(after.data).toMatchObject({ state: 'failed', error: 'transferInterrupted', currentFile: null, bytesDone: 3 });
    expect(after.data.endedAt).not.toBeNull();
  });
});

describe('across-center transfer switched off', () => {
  let t: TestApp;
  let alice: TestClient;
  beforeAll(async () => {
    const base = join(process.env.TMPDIR ?? '/tmp', `portal-transfers-off-${process.pid}-${Date.now()}`);
    t = await createTestApp({ clusters: twoClusters(base) });
    alice = await signedIn(t.app, 'alice', Role.user);
  });
  afterAll(() => t.close());

  it('refuses new transfers with a reason', async () => {
    const res = await alice.call(createTransfer, {
      body: { fromClusterId: 'east', paths: ['/x'], toClusterId: 'west', toPath: '/y' },
    });
    expect(res.status).toBe(403);
    expect(res.error?.reason).toBe('transferDisabled');
    expect((await alice.call(listTransfers)).data).toEqual({ total: 0, list: [] });
  });
});
