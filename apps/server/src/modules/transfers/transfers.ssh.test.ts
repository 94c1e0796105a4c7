import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelTransfer, createTransfer, getTransfer, makeFolder, Role, type Transfer } from '@portal/shared';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { devClusterSshAccess, installPortalKey, removeAuthorizedKey } from '../../test/dev-cluster-ssh.js';
import { mkdirSync, writeFileSync } from '../../test/planted-files.js';

/*
 * Across-center transfer with one side over real SSH (SFTP streams): the dev cluster's login node on
 * 127.0.0.1:2222 (`bash scripts/dev-cluster start` as root), with PORTAL_TEST_SLURM=1. The other
 * cluster is local access in a temporary folder. The portal user alice is the POSIX account alice.
 */

const enabled = process.env.PORTAL_TEST_SLURM === '1';
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

const settle = async (c: TestClient, id: number): Promise<Transfer> => {
  const until = Date.now() + 30_000;
  for (;;) {
    const tr = (await c.call(getTransfer, { params: { id: String(id) } })).data;
    if (['done', 'failed', 'cancelled'].includes(tr.state)) return tr;
    if (Date.now() > until) throw new Error(`transfer ${id} still ${tr.state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe.runIf(enabled)('across-center transfer over ssh', () => {
  let t: TestApp;
  let alice: TestClient;
  let installed = '';
  let homes: string;
  let local: string;
  const remote = `/home/alice/portal-transfer-test-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    homes = mkdtempSync(join(tmpdir(), 'portal-transfer-ssh-'));
    // As root, local access acts as alice's own account: she must pass through to her folder.
    chmodSync(homes, 0o711);
    t = await createTestApp({
      ui: { transfer: true },
      clusters: [
        { id: 'here', name: 'Local', local: { homeDir: homes } },
        {
          id: 'dev',
          name: 'Dev cluster',
          access: devClusterSshAccess(),
        },
      ],
    });
    alice = await signedIn(t.app, 'alice', Role.user);
    installed = await installPortalKey(t.app, 'alice');
    local = join(homes, 'alice');
    mkdirSync(local, { recursive: true });
    // Made as alice over ssh: a folder this test (root) made would not be hers to write in.
    const made = await alice.call(makeFolder, {
      body: { clusterId: 'dev', path: '/home/alice', name: remote.split('/').pop()! },
    });
    expect(made.errCode, JSON.stringify(made.data)).toBe(0);
  }, 60_000);

  afterAll(async () => {
    rmSync(remote, { recursive: true, force: true });
    rmSync(homes, { recursive: true, force: true });
    if (installed && existsSync('/home/alice/.ssh/authorized_keys')) removeAuthorizedKey('alice', installed);
    await t?.close();
  });

  it('copies a tree to the ssh cluster and back with identical content', async () => {
    mkdirSync(join(local, 'tree', 'sub'), { recursive: true });
    writeFileSync(join(local, 'tree', 'a.txt'), 'over ssh');
    writeFileSync(join(local, 'tree', 'sub', 'b.bin'), randomBytes(4 * 1024 * 1024 + 3));

    const out = await alice.call(createTransfer, {
      body: { fromClusterId: 'here', paths: [join(local, 'tree')], toClusterId: 'dev', toPath: remote },
    });
    expect(out.errCode, JSON.stringify(out.data)).toBe(0);
    expect(await settle(alice, out.data.id)).toMatchObject({ state: 'done', filesDone: 2 });
    expect(sha(join(remote, 'tree', 'sub', 'b.bin'))).toBe(sha(join(local, 'tree', 'sub', 'b.bin')));
    expect(readFileSync(join(remote, 'tree', 'a.txt'), 'utf8')).toBe('over ssh');

    mkdirSync(join(local, 'back'));
    const back = await alice.call(createTransfer, {
      body: { fromClusterId: 'dev', paths: [join(remote, 'tree')], toClusterId: 'here', toPath: join(local, 'back') },
    });
    expect(back.errCode, JSON.stringify(back.data)).toBe(0);
    const done = await settle(alice, back.data.id);
    expect(done).toMatchObject({ state: 'done', bytesDone: 4 * 1024 * 1024 + 3 + 8 });
    expect(sha(join(local, 'back', 'tree', 'sub', 'b.bin'))).toBe(sha(join(local, 'tree', 'sub', 'b.bin')));
  }, 60_000);

  it('cancels a copy onto the ssh cluster and removes the partial file there', async () => {
    writeFileSync(join(local, 'slow.bin'), randomBytes(6 * 1024 * 1024));
    t.app.services.transfers.options.bytesPerSecond = 2 * 1024 * 1024;
    try {
      const res = await alice.call(createTransfer, {
        body: { fromClusterId: 'here', paths: [join(local, 'slow.bin')], toClusterId: 'dev', toPath: remote },
      });
      const id = String(res.data.id);
      const until = Date.now() + 10_000;
      while ((await alice.call(getTransfer, { params: { id } })).data.bytesDone === 0 && Date.now() < until)
        await new Promise((r) => setTimeout(r, 100));
      const cancelled = await alice.call(cancelTransfer, { params: { id } });
      expect(cancelled.data.state).toBe('cancelled');
      expect(existsSync(join(remote, 'slow.bin'))).toBe(false);
    } finally {
      t.app.services.transfers.options.bytesPerSecond = 0;
    }
  }, 60_000);
});
