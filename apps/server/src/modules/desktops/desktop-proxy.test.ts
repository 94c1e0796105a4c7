import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { posix } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DesktopCloseCode,
  desktopSocketPath,
  desktopTicket,
  listDesktops,
  Role,
  shareDesktop,
  startDesktop,
  unshareDesktop,
  deleteDesktop,
} from '@portal/shared';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import type { RfbClient } from '../../test/rfb-client.js';
import { connectThroughProxy, socketHeaders, stopDesktopsOf, waitUntil } from './desktops.test-support.js';

/*
 * The picture through the portal: a real Xvnc as the user, the server listening on a port, and a
 * test RFB client connecting over the WebSocket proxy as noVNC does. Who may connect, what an
 * observer can do, and what happens to connections when a share is revoked or the desktop ends.
 */

interface RawSocket {
  on(event: 'close', listener: (code: number, reason: Buffer) => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
  close(): void;
}
// ws ships no types of its own (the server has it through @fastify/websocket).
const ws: { WebSocket: new (url: string, options: { headers: Record<string, string> }) => RawSocket } = createRequire(
  import.meta.url,
)('ws');

describe('desktop proxy', () => {
  let t: TestApp;
  let base = '';
  let alice: TestClient;
  let bob: TestClient;
  let carol: TestClient;
  const clients: RfbClient[] = [];

  beforeAll(async () => {
    if (!existsSync('/usr/bin/Xvnc'))
      throw new Error('Xvnc is missing: apt-get install tigervnc-standalone-server tigervnc-tools openbox xterm');
    t = await createTestApp();
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = address.replace(/^http/, 'ws');
    alice = await signedIn(t.app, 'px_alice', Role.user);
    bob = await signedIn(t.app, 'px_bob', Role.user);
    carol = await signedIn(t.app, 'px_carol', Role.user);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await stopDesktopsOf(t.app, ['px_alice']);
    await t.close();
  });

  const headersOf = (client: TestClient) => socketHeaders(base, client);
  const ticketOf = async (client: TestClient, sessionId: string) => {
    const res = await client.call(desktopTicket, { params: { sessionId } });
    expect(res.errCode, res.errMsg).toBe(0);
    return res.data;
  };
  const connect = async (client: TestClient, sessionId: string) => {
    const c = await connectThroughProxy(base, client, sessionId);
    clients.push(c);
    return c;
  };
  /** Opens the proxy's socket with a URL as given and resolves with its close code. */
  const closeCodeOf = (client: TestClient, path: string) =>
    new Promise<number>((resolve, reject) => {
      const s = new ws.WebSocket(base + path, { headers: headersOf(client) });
      s.on('close', (code) => resolve(code));
      s.on('error', reject);
    });
  /** Types a shell command into the desktop's xterm (clicked first, for openbox's focus). */
  const typeInto = async (c: RfbClient, command: string) => {
    c.pointerEvent(200, 200, 1);
    c.pointerEvent(200, 200, 0);
    c.typeText(`${command}\r`);
    // A round trip: everything sent before has been read by the server.
    await c.framebufferUpdate(false);
  };
  const homeOf = async (sessionId: string) => {
    const row = await t.app.services.db
      .selectFrom('desktop_sessions')
      .select('dir')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    return posix.resolve(row.dir, '../../..');
  };

  let sessionId = '';

  it('shows the desktop to its owner, who types into it, and lists who is connected', async () => {
    const started = await alice.call(startDesktop, { body: { resolution: '1024x768' } });
    expect(started.errCode, started.errMsg).toBe(0);
    sessionId = started.data.sessionId;
    const c = await connect(alice, sessionId);
    expect([c.width, c.height]).toEqual([1024, 768]);
    const rects = await c.framebufferUpdate(false);
    expect(rects.length).toBeGreaterThan(0);

    const home = await homeOf(sessionId);
    // The xterm comes up a moment after Xvnc: type until its file appears.
    // The shell creates the file before echo writes into it: wait for the content, not the file.
    const typed = () => (existsSync(`${home}/proxy-typed.txt`) ? readFileSync(`${home}/proxy-typed.txt`, 'utf8') : '');
    await waitUntil(async () => {
      if (typed() === 'typed-42\n') return true;
      await typeInto(c, 'echo typed-$((6*7)) > ~/proxy-typed.txt');
      return typed() === 'typed-42\n';
    }, 'the typed command to run in the xterm');
    expect(typed()).toBe('typed-42\n');

    const listed = (await alice.call(listDesktops)).data.list.find((d) => d.sessionId === sessionId);
    expect(listed?.connected).toEqual(['px_alice']);
  }, 120_000);

  it('refuses another user, a used, foreign or missing ticket, and an address in the URL, and audits it', async () => {
    expect((await bob.call(desktopTicket, { params: { sessionId } })).status).toBe(404);
    const { ticket } = await ticketOf(alice, sessionId);
    // Alice's ticket in Bob's hands: refused, and used up.
    expect(await closeCodeOf(bob, desktopSocketPath(sessionId, ticket))).toBe(DesktopCloseCode.ticketRefused);
    expect(await closeCodeOf(alice, desktopSocketPath(sessionId, ticket))).toBe(DesktopCloseCode.ticketRefused);
    expect(await closeCodeOf(alice, desktopSocketPath(sessionId, 'made-up'))).toBe(DesktopCloseCode.ticketRefused);
    const fresh = await ticketOf(alice, sessionId);
    const probe = `${desktopSocketPath(sessionId, fresh.ticket)}&host=127.0.0.1&port=22`;
    expect(await closeCodeOf(alice, probe)).toBe(DesktopCloseCode.ticketRefused);

    const audit = await t.app.services.db
      .selectFrom('audit_log')
      .select(['user_name', 'result', 'target'])
      .where('action', '=', 'desktops.connect')
      .where('result', '=', 'failure')
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { user_name: 'px_bob', result: 'failure', target: `${sessionId} ticket refused` },
        { user_name: 'px_alice', result: 'failure', target: `${sessionId} address in the URL` },
      ]),
    );
  }, 60_000);

  it("keeps an observer's keys and mouse from the desktop, and disconnects them on revoke", async () => {
    const share = await alice.call(shareDesktop, {
      params: { sessionId },
      body: { userName: 'px_bob', viewMode: 'observation' },
    });
    expect(share.errCode, share.errMsg).toBe(0);
    const observer = await connect(bob, sessionId);
    expect(observer.width).toBe(1024);
    const home = await homeOf(sessionId);
    await typeInto(observer, 'echo observed > ~/proxy-observed.txt');

    // The owner types after the observer; once the owner's command ran, the observer's would have too.
    const owner = await connect(alice, sessionId);
    await waitUntil(async () => {
      await typeInto(owner, 'echo marker > ~/proxy-marker.txt');
      return existsSync(`${home}/proxy-marker.txt`);
    }, "the owner's command to run");
    expect(existsSync(`${home}/proxy-observed.txt`)).toBe(false);
    const listed = (await alice.call(listDesktops)).data.list.find((d) => d.sessionId === sessionId);
    expect(listed?.connected).toEqual(['px_alice', 'px_bob']);

    // Carol, shared with nobody, cannot connect.
    expect((await carol.call(desktopTicket, { params: { sessionId } })).status).toBe(404);

    const closed = observer.closed;
    const revoked = await alice.call(unshareDesktop, { params: { sessionId, userName: 'px_bob' } });
    expect(revoked.errCode, revoked.errMsg).toBe(0);
    expect(await closed).toMatchObject({ code: DesktopCloseCode.revoked });
  }, 120_000);

  it('closes every connection when the desktop is deleted', async () => {
    const c = await connect(alice, sessionId);
    const closed = c.closed;
    expect((await alice.call(deleteDesktop, { params: { sessionId } })).errCode).toBe(0);
    expect(await closed).toMatchObject({ code: DesktopCloseCode.unreachable });
    expect((await alice.call(desktopTicket, { params: { sessionId } })).status).toBe(409);
  }, 60_000);
});
