import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openShell, Role, shellSocketPath } from '@portal/shared';
import { createTestApp, signedIn, TestClient, type TestApp } from '../../test/harness.js';
import { attachTerminal, ORIGIN, refusal, type Terminal } from '../../test/terminal-client.js';

/*
 * The web shell end to end on the server, with a real pty (local access mode): open, type, read,
 * resize, drop the socket and come back, and the rules about who may attach.
 */

const size = { cols: 80, rows: 24 };

describe('web shell on a real pty', () => {
  let t: TestApp;
  let user: TestClient;
  const terminals: Terminal[] = [];
  beforeAll(async () => {
    t = await createTestApp({ shell: { graceSeconds: 1, maxPerUser: 3, heartbeatSeconds: 30 } });
    user = await signedIn(t.app, 'sh_user', Role.user);
  });
  afterAll(async () => {
    for (const term of terminals) term.close();
    await t.close();
  });

  const open = async (client: TestClient = user, body: Record<string, unknown> = {}) => {
    const res = await client.call(openShell, { body: { ...size, ...body } });
    expect(res.errCode, res.errMsg).toBe(0);
    return res.data;
  };
  const attach = async (sessionId: string, client: TestClient = user, offset = 0) => {
    const term = await attachTerminal(t.app, client, sessionId, offset);
    terminals.push(term);
    return term;
  };

  it('runs a command and shows its output', async () => {
    const info = await open();
    expect(info).toMatchObject({ clusterId: 'local', clusterName: 'Local cluster', userName: 'sh_user', graceSeconds: 1 });
    const term = await attach(info.sessionId);
    term.type('echo hi-$((40+2))\r');
    await term.waitFor('hi-42');
    term.type('exit\r');
    expect(await term.closed).toMatchObject({ code: 1000, exit: 0 });
  }, 60_000);

  it('resizes the terminal', async () => {
    const term = await attach((await open()).sessionId);
    term.resize(101, 33);
    term.type('stty size\r');
    await term.waitFor('33 101');
    term.type('exit\r');
    await term.closed;
  }, 60_000);

  it('keeps the shell when the socket drops and replays what the page missed', async () => {
    const info = await open();
    const first = await attach(info.sessionId);
    first.type('export KEPT=v-$((3*5)); echo set-$KEPT\r');
    await first.waitFor('set-v-15');
    // Output made while nobody is attached is kept for the page.
    first.type('sleep 0.3; echo later-$((1+1))\r');
    await first.waitFor('sleep 0.3');
    const shown = first.bytes;
    first.close();
    await new Promise((r) => setTimeout(r, 700));

    const back = await attach(info.sessionId, user, shown);
    await back.waitFor('later-2');
    expect(back.text).not.toContain('set-v-15');
    back.type('echo again-$KEPT\r');
    await back.waitFor('again-v-15');

    // A page that lost everything (offset 0) gets the earlier output too.
    back.close();
    const fresh = await attach(info.sessionId);
    await fresh.waitFor('set-v-15');
    fresh.type('exit\r');
    await fresh.closed;
  }, 60_000);

  it('closes the shell once the grace period is over', async () => {
    const info = await open();
    const term = await attach(info.sessionId);
    term.type('echo ready\r');
    await term.waitFor('ready');
    term.close();
    // The grace period (1 s here) runs on a timer: wait for the shell to be gone, however late it fires.
    const owner = (await t.app.services.usersRepo.findByName('sh_user'))!.id;
    await vi.waitFor(() => expect(t.app.services.shell.shells.countFor(owner)).toBe(0), { timeout: 30_000, interval: 100 });
    const late = await attach(info.sessionId);
    expect(await late.closed).toMatchObject({ code: 4404 });
  }, 60_000);

  it('never lets another user attach, and looks the same as a shell that does not exist', async () => {
    const info = await open();
    const other = await signedIn(t.app, 'sh_other', Role.user);
    const intruder = await attach(info.sessionId, other);
    expect(await intruder.closed).toMatchObject({ code: 4404 });
    const nothing = await attach('no-such-shell', user);
    expect(await nothing.closed).toMatchObject({ code: 4404 });
    // The owner still can.
    const owner = await attach(info.sessionId);
    owner.type('exit\r');
    expect(await owner.closed).toMatchObject({ code: 1000 });
  }, 60_000);

  it('refuses a handshake from another site, without an Origin, or without a session', async () => {
    const info = await open();
    expect(await refusal(t.app, user, info.sessionId, { origin: 'https://evil.example' })).toBe(403);
    expect(await refusal(t.app, user, info.sessionId, { origin: undefined })).toBe(403);
    expect(await refusal(t.app, new TestClient(t.app), info.sessionId, { origin: ORIGIN })).toBe(401);
    const term = await attach(info.sessionId);
    term.type('exit\r');
    await term.closed;
  }, 60_000);

  it('is not for viewers and auditors', async () => {
    for (const [name, role] of [
      ['sh_viewer', Role.viewer],
      ['sh_auditor', Role.auditor],
    ] as const) {
      const c = await signedIn(t.app, name, role);
      const res = await c.call(openShell, { body: size });
      expect(res.status).toBe(403);
      expect(res.errCode).toBe(10008);
      expect(await refusal(t.app, c, 'whatever', { origin: ORIGIN })).toBe(403);
    }
  });

  it('limits how many shells one user has open, with a clear error', async () => {
    const c = await signedIn(t.app, 'sh_many', Role.user);
    const infos = [await open(c), await open(c), await open(c)];
    const res = await c.call(openShell, { body: size });
    expect(res.status).toBe(429);
    expect(res.error).toMatchObject({ reason: 'shellLimit', max: 3 });
    // Another user is not affected.
    const mine = await open();
    for (const info of [...infos, mine]) {
      const term = await attach(info.sessionId, info === mine ? user : c);
      term.type('exit\r');
      await term.closed;
    }
    expect((await c.call(openShell, { body: size })).errCode).toBe(0);
  }, 60_000);

  it('starts in a folder inside the home folder, and refuses one outside', async () => {
    const home = await (await t.app.services.clusters.get('local').access.files({ id: 0, name: 'sh_user' })).home();
    mkdirSync(join(home, 'project one'), { recursive: true });
    const info = await open(user, { cwd: join(home, 'project one') });
    const term = await attach(info.sessionId);
    term.type('pwd\r');
    await term.waitFor(`${home}/project one`);
    term.type('exit\r');
    await term.closed;

    for (const cwd of ['/etc', `${home}/../..`, `${home}/missing`]) {
      const res = await user.call(openShell, { body: { ...size, cwd } });
      expect(res.errCode, cwd).not.toBe(0);
    }
    const refusedBefore = await t.app.services.db
      .selectFrom('audit_log')
      .select('target')
      .where('action', '=', 'files.pathRefused')
      .execute();
    expect((await user.call(openShell, { body: { ...size, cwd: '/etc' } })).error?.reason).toBe('pathOutsideRoots');
    // A start folder outside the user's folders leaves the same trace as a refused file path.
    const refused = await t.app.services.db
      .selectFrom('audit_log')
      .select('target')
      .where('action', '=', 'files.pathRefused')
      .execute();
    expect(refused.length).toBe(refusedBefore.length + 1);
  }, 60_000);

  it('audits the opening, not what is typed', async () => {
    const info = await open();
    const term = await attach(info.sessionId);
    term.type('echo secret-$((7*6))-pw\r');
    await term.waitFor('secret-42-pw');
    term.type('exit\r');
    await term.closed;
    const rows = await t.app.services.db.selectFrom('audit_log').selectAll().where('action', '=', 'shell.openSession').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.result === 'success' || r.result === 'failure')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('secret');
  }, 60_000);

  it('answers the WebSocket path only to upgrades', async () => {
    const res = await user.raw('GET', shellSocketPath('x'), { headers: { origin: ORIGIN, host: 'localhost' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('web shell and server shutdown', () => {
  it('ends every shell and tells its page why', async () => {
    const t = await createTestApp();
    const user = await signedIn(t.app, 'sh_shutdown', Role.user);
    const res = await user.call(openShell, { body: size });
    const term = await attachTerminal(t.app, user, res.data.sessionId);
    term.type('echo up-$((2*2))\r');
    await term.waitFor('up-4');
    await t.close();
    expect(await term.closed).toMatchObject({ code: 4503 });
    expect(t.app.services.shell.shells.size).toBe(0);
  }, 60_000);
});
