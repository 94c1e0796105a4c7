import { createHash } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveUser, importKey, Role } from '@portal/shared';
import { generatePortalKeyPair } from '../keys/keys.service.js';
import { newUserRow } from './users.repository.js';
import { ADMIN, createTestApp, signedIn, TestClient, type TestApp } from '../../test/harness.js';

/* Approval provisions the user on every cluster; a cluster that fails does not undo it. */

const pending = (t: TestApp, userName: string) =>
  t.app.services.usersRepo.insert(
    newUserRow(
      {
        user_name: userName,
        password_hash: 'x',
        role_id: Role.user,
        status: 'pending',
        email: `${userName}@example.com`,
        created_at: 1,
        password_changed_at: 0,
      },
      0,
    ),
  );

describe('provisioning at approval', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    // A second cluster whose login node refuses connections (port 1).
    const keyFile = join(process.env.TMPDIR ?? '/tmp', `portal-provision-test-${process.pid}`);
    writeFileSync(keyFile, generatePortalKeyPair('service').private, { mode: 0o600 });
    t = await createTestApp({
      clusters: [
        { id: 'local', name: 'Local' },
        {
          id: 'far',
          name: 'Far',
          access: { mode: 'ssh', ssh: { host: '127.0.0.1', port: 1, serviceKeyFile: keyFile, connectTimeoutSeconds: 2 } },
        },
      ],
    });
    admin = new TestClient(t.app, '10.41.0.1');
    expect((await admin.login(ADMIN.user, ADMIN.password)).errCode).toBe(0);
  });
  afterAll(() => t?.close());

  it("makes the user's folder in local mode and records an unreachable cluster in the audit log", async () => {
    await pending(t, 'prov_a');
    const res = await admin.call(approveUser, { body: { userNames: ['prov_a'] } });
    expect(res.errCode).toBe(0);
    expect((await t.app.services.usersRepo.findByName('prov_a'))?.status).toBe('active');

    const home = statSync(join(t.dataDir, 'home', 'prov_a'));
    expect(home.isDirectory()).toBe(true);
    expect(home.mode & 0o777).toBe(0o700);

    const { list } = await t.app.services.audit.list({ action: 'provisionUser' }, { offset: 0, limit: 10 });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ userName: 'prov_a', result: 'failure' });
    expect(list[0]?.target).toMatch(/^prov_a@far: ssh connection is error/);
  });
});

/* Against the dev cluster's sshd (PORTAL_TEST_SLURM=1, as root): an imported key lands in authorized_keys. */
describe.runIf(process.env.PORTAL_TEST_SLURM === '1')('provisioning over ssh', () => {
  let t: TestApp;
  const keys = '/home/alice/.ssh/authorized_keys';
  const comment = `portal-import-test-${process.pid}`;
  beforeAll(async () => {
    const blob = Buffer.from(readFileSync('/etc/ssh/ssh_host_ed25519_key.pub', 'utf8').split(' ')[1] ?? '', 'base64');
    const hostKeyFingerprint = `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
    t = await createTestApp({
      clusters: [
        {
          id: 'dev',
          name: 'Dev',
          access: {
            mode: 'ssh',
            ssh: { host: '127.0.0.1', port: 2222, hostKeyFingerprint, serviceKeyFile: '/etc/slurm/portal-service-key' },
          },
        },
      ],
    });
  });
  afterAll(async () => {
    // In place, so the file keeps its owner and mode.
    writeFileSync(
      keys,
      readFileSync(keys, 'utf8')
        .split('\n')
        .filter((l) => !l.endsWith(comment))
        .join('\n'),
    );
    await t?.close();
  });

  it("appends an imported public key to the user's authorized_keys once", async () => {
    const alice = await signedIn(t.app, 'alice', Role.user);
    const pub = generatePortalKeyPair(comment).public.trim();
    const res = await alice.call(importKey, { body: { rsaKeyName: 'laptop', rsaKeyContent: pub } });
    expect(res.errCode).toBe(0);
    const lines = readFileSync(keys, 'utf8').split('\n');
    expect(lines.filter((l) => l === pub)).toHaveLength(1);
    expect(statSync(keys).mode & 0o777).toBe(0o600);
    const { list } = await t.app.services.audit.list({ action: 'provisionUser' }, { offset: 0, limit: 10 });
    expect(list).toEqual([]);
  });
});
