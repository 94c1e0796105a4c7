import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktopNativeAccess, Role, startDesktop } from '@portal/shared';
import { parseConfig } from '../../config/load.js';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { nativeAccess, nativeSshAddress } from './desktop-native.js';
import { stopDesktopsOf, waitUntil } from './desktops.test-support.js';

/*
 * The native viewer's way in: the user's own ssh tunnel to where the desktop listens, and
 * TigerVNC's settings file, opened here by the real TigerVNC viewer. desktops.ssh.test.ts runs
 * the tunnel for real against the dev cluster.
 */

/** What `ssh -L port:socket` does, in this process: a TCP port on loopback forwarded to the socket. */
const forward = (socketPath: string) =>
  new Promise<{ server: Server; port: number }>((resolve) => {
    const server = createServer((c) => {
      const s = connect(socketPath);
      c.pipe(s).pipe(c);
      const end = () => (c.destroy(), s.destroy());
      c.on('error', end).on('close', end);
      s.on('error', end).on('close', end);
    }).listen(0, '127.0.0.1', () => {
      const a = server.address();
      resolve({ server, port: typeof a === 'object' && a ? a.port : 0 });
    });
  });

const clusterOf = (cluster: Record<string, unknown>) => {
  const config = parseConfig({ clusters: [{ id: 'hpc', name: 'HPC', ...cluster }] }).clusters[0];
  if (!config) throw new Error('no cluster');
  return config;
};

describe('native viewer access', () => {
  it("tunnels to a login desktop's socket through the login node users reach", () => {
    const a = nativeAccess({
      userName: 'alice',
      ssh: { host: 'login.example.org', port: 22 },
      target: { path: '/home/alice/.portal/desktops/abc12345/socket' },
      display: 3,
      password: 'pw',
      sessionName: 'My desktop: GROMACS',
    });
    expect(a.sshArgs).toEqual([
      'ssh',
      '-N',
      '-L',
      '5903:/home/alice/.portal/desktops/abc12345/socket',
      '-p',
      '22',
      'alice@login.example.org',
    ]);
    expect(a.sshCommand).toBe('ssh -N -L 5903:/home/alice/.portal/desktops/abc12345/socket -p 22 alice@login.example.org');
    expect(a.localPort).toBe(5903);
    expect(a.configFile.split('\n')).toEqual([
      'TigerVNC Configuration file Version 1.0',
      '',
      'ServerName=localhost::5903',
      'Shared=1',
      '',
    ]);
    expect(a.configFileName).toBe('My-desktop-GROMACS.tigervnc');
  });

  it("tunnels to a job desktop's node and port, and quotes what a shell would split", () => {
    const a = nativeAccess({
      userName: 'bob',
      ssh: { host: '10.0.0.5', port: 2222 },
      target: { host: 'cn01', port: 5907 },
      display: null,
      password: 'pw',
      sessionName: '桌面 1',
    });
    expect(a.sshArgs[3]).toBe('5901:cn01:5907');
    expect(a.sshCommand).toBe('ssh -N -L 5901:cn01:5907 -p 2222 bob@10.0.0.5');
    expect(a.configFileName).toBe('桌面-1.tigervnc');
    const odd = nativeAccess({
      ...{ userName: 'bob', ssh: { host: 'h', port: 22 } },
      target: { path: "/tmp/a b'c" },
      display: 1,
      password: '',
      sessionName: '',
    });
    expect(odd.sshCommand).toBe(`ssh -N -L '5901:/tmp/a b'\\''c' -p 22 bob@h`);
    expect(odd.configFileName).toBe('desktop.tigervnc');
  });

  it("takes the login node's address from desktops.nativeSsh, else from ssh access, and has none for local access", () => {
    expect(nativeSshAddress(clusterOf({ desktops: { nativeSsh: 'login.example.org:2200' } }))).toEqual({
      host: 'login.example.org',
      port: 2200,
    });
    expect(nativeSshAddress(clusterOf({ desktops: { nativeSsh: 'login.example.org' } }))).toEqual({
      host: 'login.example.org',
      port: 22,
    });
    expect(nativeSshAddress(clusterOf({ access: { mode: 'ssh', ssh: { host: 'hpc-login', port: 2022 } } }))).toEqual({
      host: 'hpc-login',
      port: 2022,
    });
    expect(nativeSshAddress(clusterOf({}))).toBeUndefined();
    expect(() => clusterOf({ desktops: { nativeSsh: 'login; rm -rf /' } })).toThrow();
  });
});

describe('GET .../vncs/:sessionId/native', () => {
  let t: TestApp;
  let plain: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let carol: TestClient;
  beforeAll(async () => {
    t = await createTestApp({ clusters: [{ id: 'hpc', name: 'HPC', desktops: { nativeSsh: 'login.example.org:2200' } }] });
    alice = await signedIn(t.app, 'nv_alice', Role.user);
    bob = await signedIn(t.app, 'nv_bob', Role.user);
    plain = await createTestApp();
    carol = await signedIn(plain.app, 'nv_carol', Role.user);
  });
  afterAll(async () => {
    await stopDesktopsOf(t.app, ['nv_alice']);
    await stopDesktopsOf(plain.app, ['nv_carol']);
    await t.close();
    await plain.close();
  });

  it("gives the owner the tunnel to the desktop's socket and its password, and nobody else anything", async () => {
    const started = await alice.call(startDesktop, { body: { name: 'Native one' } });
    expect(started.errCode, started.errMsg).toBe(0);
    const { sessionId, sessionNumber } = started.data;
    const res = await alice.call(desktopNativeAccess, { params: { sessionId } });
    expect(res.errCode, res.errMsg).toBe(0);
    const row = await t.app.services.db
      .selectFrom('desktop_sessions')
      .select('socket_path')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    const port = 5900 + (sessionNumber ?? 1);
    expect(res.data.sshArgs).toEqual([
      'ssh',
      '-N',
      '-L',
      `${port}:${row.socket_path}`,
      '-p',
      '2200',
      'nv_alice@login.example.org',
    ]);
    expect(res.data.password).toMatch(/^\S{8}$/);
    expect(res.data.configFileName).toBe('Native-one.tigervnc');

    // Not shared, shared, or anyone's: no way in for another user.
    expect((await bob.call(desktopNativeAccess, { params: { sessionId } })).status).toBe(404);

    // TigerVNC's viewer opens the file (its port moved to where this test's tunnel listens) and
    // gets past the password to the desktop's pixels; it draws on an Xvnc of its own.
    const dir = mkdtempSync(join(tmpdir(), 'portal-viewer-'));
    const tunnel = await forward(row.socket_path ?? '');
    // A free display of Xvnc's choosing (-displayfd), so other desktops on this machine do not matter.
    const screen = spawn('Xvnc', ['-displayfd', '3', '-rfbport', '-1', '-SecurityTypes', 'None'], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    });
    const display = await new Promise<string>((resolve) =>
      screen.stdio[3]?.on('data', (d: Buffer) => resolve(d.toString().trim())),
    );
    try {
      writeFileSync(join(dir, 'passwd'), execFileSync('vncpasswd', ['-f'], { input: `${res.data.password}\n` }));
      const file = join(dir, res.data.configFileName);
      writeFileSync(file, res.data.configFile.replace(`localhost::${port}`, `localhost::${tunnel.port}`));
      let out = '';
      const viewer = spawn('vncviewer', ['-passwd', join(dir, 'passwd'), file], {
        env: { ...process.env, DISPLAY: `:${display}` },
      });
      viewer.stdout.on('data', (d: Buffer) => (out += d.toString()));
      viewer.stderr.on('data', (d: Buffer) => (out += d.toString()));
      try {
        // "Using pixel format" comes after VncAuth succeeded and the desktop's ServerInit arrived.
        await waitUntil(
          () => out.includes('Using pixel format'),
          () => `the viewer to reach the desktop; it said:\n${out}`,
        );
        expect(out).toContain(`Connected to host localhost port ${tunnel.port}`);
        expect(out).not.toMatch(/authentication failed/i);
      } finally {
        viewer.kill();
      }
    } finally {
      screen.kill();
      tunnel.server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('says so where the cluster has no SSH address users reach', async () => {
    const started = await carol.call(startDesktop, {});
    expect(started.errCode, started.errMsg).toBe(0);
    const res = await carol.call(desktopNativeAccess, { params: { sessionId: started.data.sessionId } });
    expect(res.status).toBe(409);
    expect(res.error?.reason).toBe('nativeViewerUnavailable');
  }, 60_000);
});
