import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteDesktop,
  desktopLog,
  desktopTicket,
  listDesktops,
  Role,
  shareDesktop,
  startDesktop,
  unshareDesktop,
} from '@portal/shared';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { desktopsEnded, stopDesktopsOf } from './desktops.test-support.js';

/*
 * Desktops on this host (local access): a real Xvnc started as each test user, listed, its log
 * read, shared, ended by the portal and by the node. The picture through the proxy is tested in
 * desktop-proxy.test.ts.
 */

describe('desktops on this host', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let viewer: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await signedIn(t.app, 'dk_alice', Role.user);
    bob = await signedIn(t.app, 'dk_bob', Role.user);
    viewer = await signedIn(t.app, 'dk_viewer', Role.viewer);
  });
  afterAll(async () => {
    await stopDesktopsOf(t.app, ['dk_alice', 'dk_bob']);
    await t.close();
  });

  const start = async (client: TestClient, body?: Record<string, unknown>) => {
    const res = await client.call(startDesktop, body === undefined ? {} : { body });
    expect(res.errCode, res.errMsg).toBe(0);
    return res.data;
  };
  const list = async (client: TestClient) => {
    const res = await client.call(listDesktops);
    expect(res.errCode, res.errMsg).toBe(0);
    return res.data.list;
  };

  it('starts a desktop with no body, shows every field, reads its log and ends it', async () => {
    const d = await start(alice);
    expect(d).toMatchObject({
      owner: 'dk_alice',
      sessionType: 'login',
      resolution: '1280x800',
      state: 'running',
      sharer: null,
      shareUsers: [],
      appName: null,
      viewMode: 'interaction',
      endReason: null,
      clusterId: 'local',
      connected: [],
    });
    expect(d.sessionNumber).toBeGreaterThanOrEqual(0);
    expect(d.nodes.length).toBeGreaterThan(0);
    expect(d.sessionName).toMatch(/^Desktop /);

    expect((await list(alice)).find((x) => x.sessionId === d.sessionId)?.state).toBe('running');
    const log = await alice.call(desktopLog, { params: { sessionId: d.sessionId } });
    expect(log.errCode, log.errMsg).toBe(0);
    expect(log.data.content).toContain('Listening for VNC connections');

    // Only the owner ends it, reads its log, or learns it exists.
    const other = await bob.call(deleteDesktop, { params: { sessionId: d.sessionId } });
    expect(other).toMatchObject({ status: 404, errMsg: 'VNC session does not exist, deletion failed' });
    expect((await bob.call(desktopLog, { params: { sessionId: d.sessionId } })).errMsg).toBe(
      'Failed to get VNC log, log file does not exist',
    );
    expect((await bob.call(desktopTicket, { params: { sessionId: d.sessionId } })).status).toBe(404);

    const del = await alice.call(deleteDesktop, { params: { sessionId: d.sessionId } });
    expect(del.errCode, del.errMsg).toBe(0);
    expect((await list(alice)).find((x) => x.sessionId === d.sessionId)).toMatchObject({ state: 'ended', endReason: 'deleted' });
    await desktopsEnded(t.app, [d.sessionId]);
    const again = await alice.call(deleteDesktop, { params: { sessionId: d.sessionId } });
    expect(again).toMatchObject({ status: 404, errMsg: 'VNC session does not exist, deletion failed' });
  }, 120_000);

  it("locks the X display: another account cannot open it, the desktop's own session can", async () => {
    if (process.getuid?.() !== 0) throw new Error('run as root: the check opens the display as two accounts');
    const d = await start(alice);
    const row = await t.app.services.db
      .selectFrom('desktop_sessions')
      .select('dir')
      .where('id', '=', d.sessionId)
      .executeTakeFirstOrThrow();
    const display = `:${d.sessionNumber}`;
    const asUser = (user: string, env: Record<string, string>) =>
      spawnSync(
        'runuser',
        ['-u', user, '--', 'env', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), 'xprop', '-root', '-display', display],
        {
          encoding: 'utf8',
        },
      );
    const stranger = asUser('nobody', {});
    expect(stranger.status, stranger.stdout).not.toBe(0);
    expect(stranger.stderr).toMatch(/unable to open display|Authorization required/i);
    const owner = asUser('dk_alice', { XAUTHORITY: `${row.dir}/Xauthority` });
    expect(owner.status, owner.stderr).toBe(0);
    expect((await alice.call(deleteDesktop, { params: { sessionId: d.sessionId } })).errCode).toBe(0);
  }, 120_000);

  it('takes a name and a resolution, and refuses bad ones', async () => {
    const bad = await alice.call(startDesktop, { body: { resolution: '99999x1' } });
    expect(bad.status).toBe(400);
    const ctl = await alice.call(startDesktop, { body: { name: 'a\u0007b' } });
    expect(ctl.status).toBe(400);
    const d = await start(alice, { name: 'Analysis', resolution: '1024x768' });
    expect(d).toMatchObject({ sessionName: 'Analysis', resolution: '1024x768', state: 'running' });
    await alice.call(deleteDesktop, { params: { sessionId: d.sessionId } });
  }, 120_000);

  it('marks a desktop ended when its Xvnc exits on the node', async () => {
    const d = await start(bob);
    await stopDesktopsOf(t.app, ['dk_bob']);
    const row = (await list(bob)).find((x) => x.sessionId === d.sessionId);
    expect(row).toMatchObject({ state: 'ended', endReason: 'exited' });
    expect(row?.endedTime).not.toBeNull();
  }, 120_000);

  it('limits the desktops one user runs at once', async () => {
    const started = [await start(bob), await start(bob), await start(bob)];
    const fourth = await bob.call(startDesktop, {});
    expect(fourth.status).toBe(409);
    expect(fourth.error).toMatchObject({ reason: 'desktopLimit', max: 3 });
    for (const d of started) await bob.call(deleteDesktop, { params: { sessionId: d.sessionId } });
  }, 180_000);

  it('shares with named users in a mode, and revokes', async () => {
    const d = await start(alice);
    const params = { sessionId: d.sessionId };
    const shared = await alice.call(shareDesktop, { params, body: { userName: 'dk_bob', viewMode: 'observation' } });
    expect(shared.errCode, shared.errMsg).toBe(0);
    expect(shared.data.shareUsers).toEqual([{ userName: 'dk_bob', viewMode: 'observation' }]);

    const seen = (await list(bob)).find((x) => x.sessionId === d.sessionId);
    expect(seen).toMatchObject({ sharer: 'dk_alice', viewMode: 'observation', shareUsers: [] });
    // An observer gets the view-only password; the owner the full one.
    const bobTicket = await bob.call(desktopTicket, { params });
    const aliceTicket = await alice.call(desktopTicket, { params });
    expect(bobTicket.data.viewMode).toBe('observation');
    expect(aliceTicket.data.viewMode).toBe('interaction');
    expect(bobTicket.data.password).not.toBe(aliceTicket.data.password);
    // Only the owner shares, deletes; a share with oneself, a viewer or nobody is refused.
    expect((await bob.call(shareDesktop, { params, body: { userName: 'dk_bob', viewMode: 'interaction' } })).status).toBe(404);
    expect((await bob.call(deleteDesktop, { params })).status).toBe(404);
    for (const userName of ['dk_alice', 'dk_viewer', 'nobody_here']) {
      const r = await alice.call(shareDesktop, { params, body: { userName, viewMode: 'interaction' } });
      expect(r.status, userName).toBe(400);
      expect(r.error?.reason, userName).toBe('shareRefused');
    }
    expect((await viewer.call(listDesktops)).status).toBe(403);

    const revoked = await alice.call(unshareDesktop, { params: { ...params, userName: 'dk_bob' } });
    expect(revoked.data.shareUsers).toEqual([]);
    expect((await list(bob)).find((x) => x.sessionId === d.sessionId)).toBeUndefined();
    expect((await bob.call(desktopTicket, { params })).status).toBe(404);
    await alice.call(deleteDesktop, { params });
  }, 120_000);
});
