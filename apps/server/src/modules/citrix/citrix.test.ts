import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  allContracts,
  citrixSignIn,
  citrixSignOut,
  citrixStatus,
  launchCitrixDesktop,
  listCitrixDesktops,
  Role,
} from '@portal/shared';
import { buildApp } from '../../app.js';
import { parseConfig } from '../../config/load.js';
import { ADMIN, createTestApp, signedIn, TestClient, type TestApp } from '../../test/harness.js';
import { createTestStorage } from '../../test/test-storage.js';
import { DESKTOP_ID, FakeStoreFront, FIXTURES } from './fake-storefront.test-support.js';

/*
 * Citrix against a StoreFront store that answers as the documentation records (no Citrix server
 * runs here: fake-storefront.test-support.ts, fixtures/README.md). What a user notices: the list
 * after signing in, the ICA file, a clear reason for each failure, and their password nowhere.
 */

const PASSWORD = 'S3cret-Citrix-Passw0rd!';
const WRONG = 'Wrong-Citrix-Guess-42';

/** The real server with its log captured, pointed at a StoreFront store. */
const appWithLog = async (storeFrontUrl: string, lines: string[]) => {
  const storage = createTestStorage('portal-citrix-');
  const config = parseConfig({
    dataDir: storage.dataDir,
    database: storage.database,
    admin: { user: ADMIN.user, password: ADMIN.password },
    logLevel: 'trace',
    citrix: { enabled: true, storeFrontUrl, domain: 'EXAMPLE' },
  });
  const app = await buildApp({
    config,
    logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
    webRoot: join(storage.dataDir, 'no-web'),
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await storage.dispose();
    },
  };
};

const auditRows = (app: FastifyInstance) => app.services.db.selectFrom('audit_log').selectAll().orderBy('id').execute();

describe('Citrix StoreFront', () => {
  const store = new FakeStoreFront({ 'EXAMPLE\\alice': PASSWORD, 'EXAMPLE\\bob': PASSWORD });
  const lines: string[] = [];
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let alice: TestClient;

  beforeAll(async () => {
    await store.start();
    ({ app, close } = await appWithLog(store.url, lines));
    alice = await signedIn(app, 'alice', Role.user);
  });
  afterAll(async () => {
    await close();
    await store.close();
  });
  beforeEach(() => {
    store.mode = { authMethods: 'ok', list: 'ok', launchStatus: 'success' };
  });

  it('keeps the spec paths', () => {
    const paths = allContracts.filter((c) => c.id.startsWith('citrix.')).map((c) => `${c.method} ${c.path}`);
    expect(paths).toEqual(
      expect.arrayContaining(['GET /desktopandapp/api/citrixdesktops', 'GET /desktopandapp/api/citrixdesktops/actions/launch']),
    );
  });

  it('talks to a store that checks what StoreFront checks (so the calls below passed those checks)', async () => {
    const at = (call: string, headers: Record<string, string>) => fetch(`${store.url}/${call}`, { method: 'POST', headers });
    const configuration = await at('Home/Configuration', { 'X-Citrix-IsUsingHTTPS': 'No' });
    expect(configuration.status).toBe(200);
    const cookie = configuration.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const csrf = /CsrfToken=(\w+)/.exec(cookie)?.[1] ?? '';
    expect(csrf).not.toBe('');
    const methods = 'Authentication/GetAuthMethods';
    expect((await at(methods, { 'X-Citrix-IsUsingHTTPS': 'No', cookie })).status).toBe(403);
    expect((await at(methods, { 'X-Citrix-IsUsingHTTPS': 'No', cookie, 'Csrf-Token': 'F00' })).status).toBe(403);
    expect((await at(methods, { cookie, 'Csrf-Token': csrf })).status).toBe(403);
    expect((await at(methods, { 'X-Citrix-IsUsingHTTPS': 'No', cookie, 'Csrf-Token': csrf })).status).toBe(200);
  });

  it('asks for the password first: "session does not exist" until the portal session signs in', async () => {
    expect((await alice.call(citrixStatus)).data).toEqual({ enabled: true, signedIn: false, userName: 'EXAMPLE\\alice' });
    const list = await alice.call(listCitrixDesktops);
    expect(list.status).toBe(409);
    expect(list.errMsg).toBe('session does not exist');
    expect(list.error?.reason).toBe('citrixSessionMissing');
  });

  it('refuses a wrong password with "Citrix authentication failed"', async () => {
    const res = await alice.call(citrixSignIn, { body: { password: WRONG } });
    expect(res.status).toBe(401);
    expect(res.errCode).toBe(10004);
    expect(res.errMsg).toBe('Citrix authentication failed');
    expect(res.error?.reason).toBe('citrixAuthFailed');
    expect((await alice.call(citrixStatus)).data.signedIn).toBe(false);
  });

  it('signs in as DOMAIN\\user through the explicit forms conversation, then lists desktops and applications', async () => {
    const before = store.calls.length;
    const res = await alice.call(citrixSignIn, { body: { password: PASSWORD } });
    expect(res.data).toEqual({ enabled: true, signedIn: true, userName: 'EXAMPLE\\alice' });
    // The calls a web client makes, in its order; the store checked the CSRF token and cookies of each.
    expect(store.calls.slice(before).map((c) => c.call)).toEqual([
      'Home/Configuration',
      'Resources/List',
      'Authentication/GetAuthMethods',
      'ExplicitAuth/Login',
      'ExplicitAuth/LoginAttempt',
    ]);
    const attempt = store.callsTo('ExplicitAuth/LoginAttempt').at(-1)!;
    expect(Object.fromEntries(attempt.form)).toEqual({
      username: 'EXAMPLE\\alice',
      password: PASSWORD,
      saveCredentials: 'false',
      loginBtn: 'Log On',
      StateContext: '',
    });

    const list = await alice.call(listCitrixDesktops);
    expect(list.data.list).toEqual([
      {
        id: 'Q29udHJvbGxlci4hJCVeJl8rLQ--',
        name: 'Microsoft Word',
        type: 'application',
        description: '',
        folder: 'Office Apps',
        disabled: false,
      },
      { id: 'Q29udHJvbGxlci4hJF4kJV4-', name: '!$^$%^', type: 'application', description: '', folder: 'Yabba', disabled: true },
      {
        id: 'X83heiDGddg1ldasf87asdfg--',
        name: 'Notepad',
        type: 'application',
        description: 'Take note!',
        folder: '',
        disabled: false,
      },
      {
        id: DESKTOP_ID,
        name: 'Desktop',
        type: 'desktop',
        description: 'Windows desktop with the engineering tools',
        folder: '',
        disabled: false,
      },
    ]);
  });

  it('launches: the ICA file as a download named after the resource, never cached', async () => {
    const res = await alice.raw('GET', launchCitrixDesktop.path, { query: { id: DESKTOP_ID } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(FIXTURES.ica)).toBe(true);
    expect(res.headers['content-type']).toBe('application/x-ica');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Desktop.ica"; filename*=UTF-8''Desktop.ica`);
    expect(res.headers['cache-control']).toBe('no-store');
    // As the web client does: the launch status first, then the file with the CSRF token and a fresh launchId.
    const status = store.callsTo('Resources/GetLaunchStatus').at(-1)!;
    expect(status.form.get('displayNameDesktopTitle')).toBe('Desktop');
    const ica = store.callsTo('Resources/LaunchIca').at(-1)!;
    expect(ica.call).toBe(`Resources/LaunchIca/${DESKTOP_ID}.ica`);
    expect(ica.query.get('launchId')).toMatch(/^\d+$/);
    expect(ica.query.get('CsrfToken')).toBeTruthy();
  });

  it('waits for a desktop that is powering on, and says "Citrix server exception" when StoreFront cannot launch', async () => {
    store.mode.launchStatus = 'retryOnce';
    const before = store.callsTo('Resources/GetLaunchStatus').length;
    const ready = await alice.raw('GET', launchCitrixDesktop.path, { query: { id: DESKTOP_ID } });
    expect(ready.statusCode).toBe(200);
    expect(store.callsTo('Resources/GetLaunchStatus').length - before).toBe(2);

    store.mode.launchStatus = 'failure';
    const failed = await alice.call(launchCitrixDesktop, { query: { id: DESKTOP_ID } });
    expect(failed.status).toBe(502);
    expect(failed.errMsg).toBe('Citrix server exception');
    expect(failed.error).toMatchObject({ reason: 'citrixServerError', launchStatus: 'failure' });
  });

  it('launches only what StoreFront lists for the user', async () => {
    const res = await alice.call(launchCitrixDesktop, { query: { id: 'Controller.SomethingElse' } });
    expect(res.status).toBe(404);
    expect(res.error?.reason).toBe('notFound');
  });

  it('says "Citrix server exception" when StoreFront answers 5xx', async () => {
    store.mode.list = 'serverError';
    const res = await alice.call(listCitrixDesktops);
    expect(res.status).toBe(502);
    expect(res.errCode).toBe(10012);
    expect(res.errMsg).toBe('Citrix server exception');
    expect(res.error).toMatchObject({ reason: 'citrixServerError', status: 500 });
  });

  it('keeps a StoreFront session to the portal session that signed in', async () => {
    // Alice again, in another browser: another portal session, so no StoreFront session.
    const aliceElsewhere = new TestClient(app);
    expect((await aliceElsewhere.login('alice', 'Passw0rd!x')).errCode).toBe(0);
    const bob = await signedIn(app, 'bob', Role.hpc);
    for (const other of [aliceElsewhere, bob]) {
      expect((await other.call(citrixStatus)).data.signedIn).toBe(false);
      const launch = await other.call(launchCitrixDesktop, { query: { id: DESKTOP_ID } });
      expect(launch.status).toBe(409);
      expect(launch.error?.reason).toBe('citrixSessionMissing');
      expect((await other.call(listCitrixDesktops)).error?.reason).toBe('citrixSessionMissing');
    }
    // The first browser still has its own.
    expect((await alice.call(listCitrixDesktops)).data.list).toHaveLength(4);
  });

  it('asks to sign in again when StoreFront has ended the session, and signs out', async () => {
    store.expireSessions();
    const res = await alice.call(listCitrixDesktops);
    expect(res.status).toBe(409);
    expect(res.error?.reason).toBe('citrixSessionMissing');
    expect((await alice.call(citrixStatus)).data.signedIn).toBe(false);

    expect((await alice.call(citrixSignIn, { body: { password: PASSWORD } })).data.signedIn).toBe(true);
    const logoffs = store.callsTo('Authentication/Logoff').length;
    expect((await alice.call(citrixSignOut)).errCode).toBe(0);
    expect(store.callsTo('Authentication/Logoff').length).toBe(logoffs + 1);
    expect((await alice.call(listCitrixDesktops)).error?.reason).toBe('citrixSessionMissing');
  });

  it('says "failed to get Citrix authentication configuration" when GetAuthMethods fails', async () => {
    for (const mode of ['serverError', 'garbage'] as const) {
      store.mode.authMethods = mode;
      const res = await alice.call(citrixSignIn, { body: { password: PASSWORD } });
      expect(res.status, mode).toBe(502);
      expect(res.errMsg, mode).toBe('failed to get Citrix authentication configuration');
      expect(res.error?.reason, mode).toBe('citrixAuthConfigUnavailable');
    }
  });

  it('says "Citrix authentication configuration error" when the store offers no password sign-in', async () => {
    store.mode.authMethods = 'noExplicitForms';
    const res = await alice.call(citrixSignIn, { body: { password: PASSWORD } });
    expect(res.status).toBe(409);
    expect(res.errMsg).toBe('Citrix authentication configuration error');
    expect(res.error?.reason).toBe('citrixAuthConfigError');
  });

  it('writes the password in no log line and no audit line, and audits sign-ins and launches', async () => {
    // The store did receive it (the check below is not vacuous), and the log has lines.
    expect(store.callsTo('ExplicitAuth/LoginAttempt').some((c) => c.form.get('password') === PASSWORD)).toBe(true);
    expect(lines.some((l) => l.includes('Citrix StoreFront'))).toBe(true);
    for (const secret of [PASSWORD, WRONG]) expect(lines.filter((l) => l.includes(secret))).toEqual([]);

    const rows = await auditRows(app);
    for (const secret of [PASSWORD, WRONG]) expect(rows.filter((r) => JSON.stringify(r).includes(secret))).toEqual([]);
    const signIns = rows.filter((r) => r.action === 'citrix.signIn' && r.user_name === 'alice');
    expect(signIns.map((r) => r.target)).toContain('EXAMPLE\\alice');
    expect(new Set(signIns.map((r) => r.result))).toEqual(new Set(['success', 'failure']));
    const launches = rows.filter((r) => r.action === 'citrix.launch' && r.result === 'success');
    expect(launches.map((r) => r.target)).toContain(`Desktop (${DESKTOP_ID})`);
  });
});

describe('Citrix StoreFront that cannot be reached or does not answer', () => {
  /** Accepts connections and never says a word. */
  const silent = createServer(() => {});
  let refused: TestApp;
  let slow: TestApp;
  const portOf = (server: Server) => {
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    return address.port;
  };
  const listening = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return portOf(server);
  };
  const storeAt = (port: number) => `http://127.0.0.1:${port}/Citrix/StoreWeb`;

  beforeAll(async () => {
    // A port nobody listens on any more.
    const probe = createServer();
    const closedPort = await listening(probe);
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    refused = await createTestApp({ citrix: { enabled: true, storeFrontUrl: storeAt(closedPort) } });
    slow = await createTestApp({
      citrix: { enabled: true, storeFrontUrl: storeAt(await listening(silent)), requestTimeoutSeconds: 1 },
    });
  });
  afterAll(async () => {
    await refused.close();
    await slow.close();
    silent.close();
  });

  it('says "Citrix webservice exception" when the connection is refused', async () => {
    const user = await signedIn(refused.app, 'carol', Role.user);
    const res = await user.call(citrixSignIn, { body: { password: PASSWORD } });
    expect(res.status).toBe(502);
    expect(res.errCode).toBe(10012);
    expect(res.errMsg).toBe('Citrix webservice exception');
    expect(res.error).toMatchObject({ reason: 'citrixWebservice', cause: 'unreachable' });
  });

  it('says "Citrix webservice exception" (timed out) when StoreFront does not answer in time', async () => {
    const user = await signedIn(slow.app, 'erin', Role.user);
    const res = await user.call(citrixSignIn, { body: { password: PASSWORD } });
    expect(res.status).toBe(504);
    expect(res.errCode).toBe(10013);
    expect(res.errMsg).toBe('Citrix webservice exception');
    expect(res.error).toMatchObject({ reason: 'citrixWebservice', cause: 'timeout' });
  });
});

describe('Citrix not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says so, and every call answers "Citrix authentication configuration error"', async () => {
    const user = await signedIn(t.app, 'dave', Role.user);
    expect((await user.call(citrixStatus)).data).toEqual({ enabled: false, signedIn: false, userName: 'dave' });
    const calls = [
      await user.call(citrixSignIn, { body: { password: PASSWORD } }),
      await user.call(listCitrixDesktops),
      await user.call(launchCitrixDesktop, { query: { id: DESKTOP_ID } }),
    ];
    for (const res of calls) {
      expect(res.status).toBe(409);
      expect(res.errMsg).toBe('Citrix authentication configuration error');
      expect(res.error?.reason).toBe('citrixAuthConfigError');
    }
  });

  it('is for every role but the auditor and the viewer', async () => {
    for (const [name, role, allowed] of [
      ['cx_viewer', Role.viewer, false],
      ['cx_auditor', Role.auditor, false],
      ['cx_super', Role.super, true],
    ] as const) {
      const res = await (await signedIn(t.app, name, role)).call(citrixStatus);
      expect(res.status, name).toBe(allowed ? 200 : 403);
    }
  });
});
