import { expect } from 'vitest';
import { desktopSocketPath, desktopTicket } from '@portal/shared';
import type { TestApp, TestClient } from '../../test/harness.js';
import { RfbClient } from '../../test/rfb-client.js';

type App = TestApp['app'];

/* Helpers of the desktop tests: the Xvnc processes behind the portal's back. */

const userIdsOf = async (app: App, names: string[]) =>
  (await app.services.db.selectFrom('users').select('id').where('user_name', 'in', names).execute()).map((u) => u.id);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Waits (generously: a busy machine) until `check` holds. */
export const waitUntil = async (
  check: () => boolean | Promise<boolean>,
  /** What is awaited; a function to say, when the wait gives up, how things stood then. */
  what: string | (() => string | Promise<string>),
  timeoutMs = 30_000,
) => {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : await what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/**
 * Kills the Xvnc of every desktop these users have not ended, as the node would (a crash, a
 * logout), and waits for them to be gone. The servers ran on this host (local access).
 */
export const stopDesktopsOf = async (app: App, userNames: string[]) => {
  const ids = await userIdsOf(app, userNames);
  if (ids.length === 0) return;
  const rows = await app.services.db
    .selectFrom('desktop_sessions')
    .select('pid')
    .where('user_id', 'in', ids)
    .where('state', '!=', 'ended')
    .execute();
  const pids = rows.map((r) => r.pid).filter((p): p is number => p !== null);
  for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGTERM');
  await waitUntil(() => pids.every((p) => !alive(p)), 'Xvnc to exit');
};

/** The Xvnc processes of these desktops have exited. */
export const desktopsEnded = async (app: App, sessionIds: string[]) => {
  const rows = await app.services.db
    .selectFrom('desktop_sessions')
    .select(['pid', 'state'])
    .where('id', 'in', sessionIds)
    .execute();
  expect(rows.every((r) => r.state === 'ended')).toBe(true);
  await waitUntil(() => rows.every((r) => r.pid === null || !alive(r.pid)), 'Xvnc to exit');
};

/** A browser's headers on the proxy's socket: the page's origin and the session cookie. */
export const socketHeaders = (base: string, client: TestClient) => ({
  origin: base.replace(/^ws/, 'http'),
  cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
});

/** Asks for a ticket and connects through the proxy as noVNC does; `base` is ws://host:port. */
export const connectThroughProxy = async (base: string, client: TestClient, sessionId: string) => {
  const res = await client.call(desktopTicket, { params: { sessionId } });
  expect(res.errCode, res.errMsg).toBe(0);
  const { ticket, password } = res.data;
  return RfbClient.connect(
    { url: base + desktopSocketPath(sessionId, ticket), headers: socketHeaders(base, client) },
    { password },
  );
};
