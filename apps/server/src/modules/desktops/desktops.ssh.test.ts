import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteDesktop, desktopLog, desktopNativeAccess, listDesktops, Role, startDesktop } from '@portal/shared';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { devClusterSshAccess, installPortalKey, removeAuthorizedKey } from '../../test/dev-cluster-ssh.js';
import { RfbClient } from '../../test/rfb-client.js';
import { connectThroughProxy, waitUntil } from './desktops.test-support.js';

/*
 * A desktop on the dev cluster's login node over real SSH (`bash scripts/dev-cluster start` as
 * root, PORTAL_TEST_SLURM=1): Xvnc runs as the POSIX account alice, and the proxy reaches its Unix
 * socket through streamlocal forwarding on alice's connection.
 */

const enabled = process.env.PORTAL_TEST_SLURM === '1';

const ownerOf = (pid: number) => execFileSync('ps', ['-o', 'user=', '-p', String(pid)], { encoding: 'utf8' }).trim();
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const running = (pid: number) => {
  try {
    return ownerOf(pid) !== '';
  } catch {
    return false;
  }
};

describe.runIf(enabled)('desktops over ssh', () => {
  let t: TestApp;
  let base = '';
  let alice: TestClient;
  let keyLine = '';

  beforeAll(async () => {
    t = await createTestApp({ clusters: [{ id: 'dev', name: 'Dev cluster', access: devClusterSshAccess() }] });
    base = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
    alice = await signedIn(t.app, 'alice', Role.user);
    keyLine = await installPortalKey(t.app, 'alice');
  }, 60_000);

  afterAll(async () => {
    removeAuthorizedKey('alice', keyLine);
    await t?.close();
  });

  it("starts Xvnc as the user on the login node and shows it through the user's connection", async () => {
    const started = await alice.call(startDesktop, { body: { clusterId: 'dev', resolution: '800x600' } });
    expect(started.errCode, started.errMsg).toBe(0);
    const { sessionId } = started.data;
    expect(started.data).toMatchObject({ owner: 'alice', clusterId: 'dev', state: 'running', resolution: '800x600' });
    const row = await t.app.services.db
      .selectFrom('desktop_sessions')
      .selectAll()
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(row.dir).toBe(`/home/alice/.portal/desktops/${sessionId}`);
    expect(ownerOf(row.pid ?? 0)).toBe('alice');

    const c = await connectThroughProxy(base, alice, sessionId);
    expect([c.width, c.height]).toEqual([800, 600]);
    expect((await c.framebufferUpdate(false)).length).toBeGreaterThan(0);
    const log = await alice.call(desktopLog, { params: { sessionId } });
    expect(log.data.content).toContain('Listening for VNC connections');

    const closed = c.closed;
    expect((await alice.call(deleteDesktop, { params: { sessionId } })).errCode).toBe(0);
    expect((await closed).code).toBe(4404);
    await waitUntil(() => !running(row.pid ?? 0), 'Xvnc to exit');
    const listed = (await alice.call(listDesktops)).data.list.find((d) => d.sessionId === sessionId);
    expect(listed).toMatchObject({ state: 'ended', endReason: 'deleted' });
  }, 120_000);

  it('opens in a native viewer through the ssh tunnel the portal describes, with the key the user downloads', async () => {
    const started = await alice.call(startDesktop, { body: { clusterId: 'dev', resolution: '800x600' } });
    expect(started.errCode, started.errMsg).toBe(0);
    const { sessionId } = started.data;
    const native = await alice.call(desktopNativeAccess, { params: { sessionId } });
    expect(native.errCode, native.errMsg).toBe(0);
    const { sshArgs, password } = native.data;
    expect(sshArgs.slice(-3)).toEqual(['-p', '2222', 'alice@127.0.0.1']);

    // The user's computer: their portal key (the key page's download) and a port of their choosing.
    const dir = mkdtempSync(join(tmpdir(), 'portal-native-'));
    const user = await t.app.services.usersRepo.findByName('alice');
    writeFileSync(join(dir, 'key'), await t.app.services.keys.exportPrivateKey(user?.id ?? 0, 'alice'), { mode: 0o600 });
    const port = await freePort();
    const args = sshArgs.slice(1).map((a, i) => (sshArgs[i] === '-L' ? a.replace(/^\d+:/, `${port}:`) : a));
    const sshOptions = [
      '-i',
      join(dir, 'key'),
      '-o',
      'BatchMode=yes',
      '-o',
      'StrictHostKeyChecking=no',
      '-o',
      `UserKnownHostsFile=${dir}/known`,
      '-o',
      'ExitOnForwardFailure=yes',
    ];
    const tunnel = spawn('ssh', [...sshOptions, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let sshErr = '';
    tunnel.stderr.on('data', (d: Buffer) => (sshErr += d.toString()));
    try {
      let viewer: RfbClient | undefined;
      await waitUntil(async () => {
        viewer = await RfbClient.connect({ host: '127.0.0.1', port }, { password }).catch(() => undefined);
        return viewer !== undefined;
      }, `the tunnel (ssh said: ${sshErr})`);
      expect([viewer?.width, viewer?.height]).toEqual([800, 600]);
      expect((await viewer?.framebufferUpdate(false))?.length).toBeGreaterThan(0);
      viewer?.close();
    } finally {
      tunnel.kill();
      rmSync(dir, { recursive: true, force: true });
      await alice.call(deleteDesktop, { params: { sessionId } });
    }
  }, 120_000);
});
