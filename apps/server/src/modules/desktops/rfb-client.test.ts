import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RfbAuthError, RfbClient, type RfbRect, type RfbWebSocket } from '../../test/rfb-client.js';
import { createRfbInputFilter, type RfbInputFilter } from './rfb-input-filter.js';

/*
 * The test client and the input filter against a real Xvnc (as the portal starts it: VncAuth with
 * a full and a view-only password, a Unix socket, always shared), with an xterm to type into. The
 * filter sits in small local proxies, a Unix socket one and a WebSocket one, as in the portal.
 */

const PASSWORD = 'secret12';
const hasXvnc = ['/usr/bin/Xvnc', '/usr/bin/vncpasswd', '/usr/bin/xterm'].every((p) => existsSync(p));
const WAIT = { timeout: 20_000, interval: 100 };

interface WsServer {
  on(event: 'connection', listener: (socket: RfbWebSocket) => void): unknown;
  once(event: 'listening', listener: () => void): unknown;
  address(): { port: number };
  close(): void;
}
// ws ships no types of its own (the server has it through @fastify/websocket).
const ws: { WebSocketServer: new (options: { host: string; port: number }) => WsServer } = createRequire(import.meta.url)('ws');

const covered = (rects: RfbRect[]) => rects.filter((r) => r.encoding === 0).reduce((sum, r) => sum + r.width * r.height, 0);

describe('RFB test client and input filter against Xvnc', () => {
  let dir: string;
  let xvnc: ChildProcess;
  let xvncLog = '';
  let display = '';
  let socket: string;
  const servers: Server[] = [];
  let wsServer: WsServer | undefined;
  const clients: RfbClient[] = [];

  const client = async (target: Parameters<typeof RfbClient.connect>[0], password = PASSWORD) => {
    const c = await RfbClient.connect(target, { password });
    clients.push(c);
    return c;
  };

  /** Connects to Xvnc's socket and passes what the client sends through a new filter, as the portal's proxy does. */
  const filtered = (viewOnly: boolean, toClient: (data: Buffer) => void, closeClient: () => void) => {
    const filter = createRfbInputFilter({ viewOnly });
    const upstream = connect(socket);
    upstream.on('data', toClient);
    upstream.on('close', closeClient);
    upstream.on('error', closeClient);
    return {
      filter,
      fromClient: (chunk: Buffer) => {
        const { out, error } = filter.push(chunk);
        if (out.length > 0) upstream.write(out);
        if (error) upstream.destroy();
      },
      close: () => upstream.destroy(),
    };
  };

  const unixProxy = async (viewOnly: boolean) => {
    const path = join(dir, `proxy-${servers.length}.sock`);
    const filters: RfbInputFilter[] = [];
    const server = createServer((c) => {
      const p = filtered(
        viewOnly,
        (data) => c.write(data),
        () => c.destroy(),
      );
      filters.push(p.filter);
      c.on('data', p.fromClient);
      c.on('close', p.close);
      c.on('error', p.close);
    });
    servers.push(server);
    server.listen(path);
    await once(server, 'listening');
    return { path, filters };
  };

  beforeAll(async () => {
    // A missing part fails the run with how to add it (scripts/test-all.sh installs it).
    if (!hasXvnc) throw new Error('TigerVNC is missing: apt-get install tigervnc-standalone-server tigervnc-tools openbox xterm');
    dir = mkdtempSync(join(tmpdir(), 'rfb-client-'));
    const passwd = spawnSync('vncpasswd', ['-f'], { input: `${PASSWORD}\nviewonly\n` });
    writeFileSync(join(dir, 'passwd'), passwd.stdout, { mode: 0o600 });
    socket = join(dir, 'vnc.sock');
    xvnc = spawn(
      'Xvnc',
      [
        '-displayfd',
        '3',
        '-geometry',
        '800x600',
        '-depth',
        '24',
        '-SecurityTypes',
        'VncAuth',
        '-rfbauth',
        join(dir, 'passwd'),
      ].concat(['-rfbport', '-1', '-rfbunixpath', socket, '-rfbunixmode', '0600', '-AlwaysShared', '-nolisten', 'tcp']),
      { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
    );
    xvnc.stderr?.on('data', (d: Buffer) => (xvncLog += d.toString()));
    xvnc.stdio[3]?.on('data', (d: Buffer) => (display += d.toString()));
    await vi.waitFor(() => {
      if (xvnc.exitCode !== null) throw new Error(`Xvnc exited: ${xvncLog}`);
      expect(display).toMatch(/^\d+\n/);
      expect(existsSync(socket)).toBe(true);
    }, WAIT);
    display = `:${display.trim()}`;
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    for (const s of servers) s.close();
    wsServer?.close();
    if (xvnc.exitCode === null) {
      xvnc.kill('SIGTERM');
      await once(xvnc, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('authenticates with the full password and reads the whole 800x600 screen', async () => {
    const c = await client({ path: socket });
    expect([c.width, c.height]).toEqual([800, 600]);
    expect(covered(await c.framebufferUpdate(false))).toBe(800 * 600);
    expect(c.framebuffer).toHaveLength(800 * 600 * 4);
  });

  it('is refused with a wrong password', async () => {
    await expect(RfbClient.connect({ path: socket }, { password: 'wrong123' })).rejects.toThrow(RfbAuthError);
  });

  it('works over a WebSocket through the filter, one RFB stream in many frames', async () => {
    const server = new ws.WebSocketServer({ host: '127.0.0.1', port: 0 });
    wsServer = server;
    const filters: RfbInputFilter[] = [];
    server.on('connection', (s) => {
      const p = filtered(
        false,
        (data) => s.send(data),
        () => s.close(),
      );
      filters.push(p.filter);
      s.on('message', (data) =>
        p.fromClient(Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)),
      );
      s.on('close', p.close);
    });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const c = await client({ url: `ws://127.0.0.1:${server.address().port}/` });
    expect(covered(await c.framebufferUpdate(false))).toBe(800 * 600);
    expect(filters.map((f) => f.phase)).toEqual(['messages']);
  });

  describe('typing into an xterm', () => {
    let xterm: ChildProcess;
    let owner: RfbClient;
    const file = (name: string) => join(dir, name);
    const holds = (name: string, text: string) => vi.waitFor(() => expect(readFileSync(file(name), 'utf8')).toBe(text), WAIT);

    beforeAll(async () => {
      owner = await client({ path: socket });
      xterm = spawn('xterm', ['-geometry', '80x24+0+0', '-e', '/bin/sh'], {
        env: { ...process.env, DISPLAY: display },
        cwd: dir,
        stdio: 'ignore',
      });
      // Xvnc's root window is black, xterm's background white: typing starts once the window shows.
      await vi.waitFor(async () => {
        await owner.framebufferUpdate(false);
        expect(owner.pixel(20, 20)).toEqual({ r: 255, g: 255, b: 255 });
      }, WAIT);
      // No window manager: keys go to the window under the pointer.
      owner.pointerEvent(40, 40, 0);
    });

    afterAll(() => {
      xterm.kill();
    });

    it('runs a command typed by the client', async () => {
      owner.typeText(`echo hi > ${file('direct')}\n`);
      await holds('direct', 'hi\n');
    });

    it('runs a command typed through the filter in interaction mode', async () => {
      const proxy = await unixProxy(false);
      const c = await client({ path: proxy.path });
      c.typeText(`echo hi > ${file('interacting')}\n`);
      await holds('interacting', 'hi\n');
      expect(proxy.filters.map((f) => f.dropped.key)).toEqual([0]);
    });

    it('never lets keys, pointer or clipboard through in view-only mode, even with the full password', async () => {
      const proxy = await unixProxy(true);
      const observer = await client({ path: proxy.path });
      const typed = `echo hi > ${file('observing')}\n`;
      observer.typeText(typed);
      observer.pointerEvent(40, 40, 0);
      observer.cutText('rm -rf ~\n');
      // Xvnc handles one connection's messages in order: this update answers after everything above.
      expect(covered(await observer.framebufferUpdate(false))).toBe(800 * 600);
      expect(proxy.filters.map((f) => f.dropped)).toEqual([
        { key: 2 * typed.length, pointer: 1, clipboard: 1, resize: 0, power: 0 },
      ]);
      // Had any key gone through, it would sit before this command on the shell's line.
      owner.typeText(`echo done > ${file('marker')}\n`);
      await holds('marker', 'done\n');
      expect(existsSync(file('observing'))).toBe(false);
    });
  });
});
