import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteDesktop, desktopLog, listDesktops, Role, startDesktop } from '@portal/shared';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { devClusterSshAccess, installPortalKey, removeAuthorizedKey } from '../../test/dev-cluster-ssh.js';
import { connectThroughProxy, waitUntil } from './desktops.test-support.js';

/*
 * A desktop on the dev cluster's login node over real SSH (`bash scripts/dev-cluster start` as
 * root, PORTAL_TEST_SLURM=1): Xvnc runs as the POSIX account alice, and the proxy reaches its Unix
 * socket through streamlocal forwarding on alice's connection.
 */

const enabled = process.env.PORTAL_TEST_SLURM === '1';

const ownerOf = (pid: number) => execFileSync('ps', ['-o', 'user=', '-p', String(pid)], { encoding: 'utf8' }).trim();
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
});
