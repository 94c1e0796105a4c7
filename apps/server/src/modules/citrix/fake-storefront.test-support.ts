import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/*
 * A StoreFront store in a test: the Receiver for Web calls the portal makes, answered with the
 * answers recorded in fixtures/ (see fixtures/README.md), and checked as StoreFront checks them:
 * POSTs need X-Citrix-IsUsingHTTPS and a Csrf-Token header equal to the CsrfToken cookie of the
 * ASP.NET session, resources and launches need the CtxsAuthId cookie the sign-in set in that same
 * session, and LaunchIca needs the CsrfToken in its query. A broken rule answers 403, like IIS.
 */

const STORE = '/Citrix/StoreWeb/';
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));

export const FIXTURES = {
  configuration: fixture('configuration.xml'),
  authMethods: fixture('auth-methods.xml'),
  authMethodsNoExplicitForms: fixture('auth-methods-no-explicit-forms.xml'),
  loginForm: fixture('login-form.xml'),
  loginSuccess: fixture('login-success.xml'),
  loginRefused: fixture('login-refused.xml'),
  resources: fixture('resources-list.json'),
  launchSuccess: fixture('launch-status-success.json'),
  launchRetry: fixture('launch-status-retry.json'),
  launchFailure: fixture('launch-status-failure.json'),
  ica: fixture('launch-desktop.ica'),
};

/** The resource ids of resources-list.json that launch (all but the disabled one). */
export const DESKTOP_ID = 'Q29udHJvbGxlci5EZXNrdG9w';

/** How the store behaves; tests switch it to provoke each failure. */
export interface FakeMode {
  authMethods: 'ok' | 'noExplicitForms' | 'serverError' | 'garbage';
  list: 'ok' | 'serverError';
  launchStatus: 'success' | 'retryOnce' | 'failure';
}

export interface FakeCall {
  method: string;
  /** The path under the store, e.g. "Resources/List". */
  call: string;
  headers: IncomingMessage['headers'];
  query: URLSearchParams;
  form: URLSearchParams;
}

interface AspSession {
  csrf: string;
  authId?: string;
  user?: string;
}

const hex = () => randomBytes(16).toString('hex').toUpperCase();

const cookiesOf = (req: IncomingMessage): Map<string, string> =>
  new Map(
    (req.headers.cookie ?? '')
      .split(';')
      .map((c) => c.trim())
      .filter((c) => c.includes('='))
      .map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)]),
  );

export class FakeStoreFront {
  readonly calls: FakeCall[] = [];
  mode: FakeMode = { authMethods: 'ok', list: 'ok', launchStatus: 'success' };
  private readonly sessions = new Map<string, AspSession>();
  private readonly server: Server;
  private retried = false;

  constructor(
    /** Accepted sign-ins: user name as the form sends it (DOMAIN\user) → password. */
    private readonly users: Record<string, string>,
  ) {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.answer(req, res, Buffer.concat(chunks).toString('utf8')));
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  /** The store's address, as citrix.storeFrontUrl takes it. */
  get url(): string {
    const address: AddressInfo | string | null = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('the fake StoreFront is not listening');
    return `http://127.0.0.1:${address.port}${STORE.slice(0, -1)}`;
  }

  /** Forgets every signed-in session, as StoreFront does when its session times out. */
  expireSessions(): void {
    for (const s of this.sessions.values()) delete s.authId;
  }

  /** The calls made to one StoreFront URL. */
  callsTo(call: string): FakeCall[] {
    return this.calls.filter((c) => c.call === call || c.call.startsWith(`${call}/`));
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private answer(req: IncomingMessage, res: ServerResponse, body: string): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (!url.pathname.startsWith(STORE)) return this.send(res, 404, 'text/html', 'Not Found');
    const call = url.pathname.slice(STORE.length);
    const form = new URLSearchParams(body);
    this.calls.push({ method: req.method ?? '', call, headers: req.headers, query: url.searchParams, form });

    const cookies = cookiesOf(req);
    let aspId = cookies.get('ASP.NET_SessionId');
    let session = aspId ? this.sessions.get(aspId) : undefined;
    if (!aspId || !session) {
      aspId = hex().toLowerCase();
      session = { csrf: hex() };
      this.sessions.set(aspId, session);
      res.appendHeader('set-cookie', `ASP.NET_SessionId=${aspId}; path=/; HttpOnly`);
    }
    const signedIn = session.authId !== undefined && cookies.get('CtxsAuthId') === session.authId;

    if (req.method === 'POST') {
      if (!['Yes', 'No'].includes(String(req.headers['x-citrix-isusinghttps']))) return this.forbidden(res);
      // Home/Configuration is where the CsrfToken cookie comes from: it cannot be checked there yet.
      if (call !== 'Home/Configuration') {
        const token = req.headers['csrf-token'];
        if (token !== session.csrf || cookies.get('CsrfToken') !== session.csrf) return this.forbidden(res);
      }
    }

    if (req.method === 'POST' && call === 'Home/Configuration') {
      res.appendHeader('set-cookie', `CsrfToken=${session.csrf}; path=${STORE}`);
      return this.send(res, 200, 'application/xml; charset=utf-8', FIXTURES.configuration);
    }
    if (req.method === 'POST' && call === 'Authentication/GetAuthMethods') {
      const m = this.mode.authMethods;
      if (m === 'serverError') return this.send(res, 500, 'text/html', 'Server Error');
      if (m === 'garbage') return this.send(res, 200, 'text/html', '<html><body>Maintenance</body></html>');
      return this.send(
        res,
        200,
        'application/xml; charset=utf-8',
        m === 'ok' ? FIXTURES.authMethods : FIXTURES.authMethodsNoExplicitForms,
      );
    }
    if (req.method === 'POST' && call === 'ExplicitAuth/Login')
      return this.send(res, 200, 'application/vnd.citrix.authenticateresponse-1+xml; charset=utf-8', FIXTURES.loginForm);
    if (req.method === 'POST' && call === 'ExplicitAuth/LoginAttempt') {
      const user = form.get('username') ?? '';
      const pressed = form.get('loginBtn') === 'Log On' && form.has('StateContext');
      if (!pressed || this.users[user] === undefined || this.users[user] !== form.get('password'))
        return this.send(res, 200, 'application/xml; charset=utf-8', FIXTURES.loginRefused);
      session.authId = hex();
      session.user = user;
      res.appendHeader('set-cookie', `CtxsAuthId=${session.authId}; path=${STORE}; HttpOnly`);
      return this.send(res, 200, 'application/xml; charset=utf-8', FIXTURES.loginSuccess);
    }
    if (req.method === 'POST' && call === 'Authentication/Logoff') {
      delete session.authId;
      res.appendHeader('set-cookie', `CtxsAuthId=; expires=Tue, 18-Oct-1983 13:43:23 GMT; path=${STORE}`);
      return this.send(res, 200, 'application/xml', '');
    }
    if (req.method === 'POST' && call === 'Resources/List') {
      if (!signedIn) {
        // The challenge: 200 with where authentication starts.
        res.setHeader('CitrixWebReceiver-Authenticate', 'reason="TokenRequired",location="Authentication/GetAuthMethods"');
        return this.send(res, 200, 'text/plain', '');
      }
      if (this.mode.list === 'serverError') return this.send(res, 500, 'text/html', 'Server Error');
      if (form.get('format') !== 'json') return this.send(res, 400, 'text/plain', 'format');
      return this.send(res, 200, 'application/json; charset=utf-8', FIXTURES.resources);
    }
    const launchable = (id: string) => id !== 'Q29udHJvbGxlci4hJF4kJV4-' && FIXTURES.resources.toString().includes(`"${id}"`);
    if (req.method === 'POST' && call.startsWith('Resources/GetLaunchStatus/')) {
      if (!signedIn) return this.forbidden(res);
      if (!launchable(call.slice('Resources/GetLaunchStatus/'.length))) return this.send(res, 404, 'text/plain', '');
      if (this.mode.launchStatus === 'failure') return this.send(res, 200, 'application/json', FIXTURES.launchFailure);
      if (this.mode.launchStatus === 'retryOnce' && !this.retried) {
        this.retried = true;
        // The recorded retry asks for 5 s; a test waits 1 s.
        return this.send(
          res,
          200,
          'application/json',
          JSON.stringify({ ...JSON.parse(FIXTURES.launchRetry.toString()), pollTimeout: 1 }),
        );
      }
      return this.send(res, 200, 'application/json', FIXTURES.launchSuccess);
    }
    if (req.method === 'GET' && call.startsWith('Resources/LaunchIca/')) {
      if (!signedIn || url.searchParams.get('CsrfToken') !== session.csrf) return this.forbidden(res);
      if (!launchable(call.slice('Resources/LaunchIca/'.length).replace(/\.ica$/, '')))
        return this.send(res, 404, 'text/plain', '');
      return this.send(res, 200, 'application/octet-stream; charset=utf-8', FIXTURES.ica);
    }
    return this.send(res, 404, 'text/html', 'Not Found');
  }

  private forbidden(res: ServerResponse): void {
    this.send(res, 403, 'text/html', '403 - Forbidden: Access is denied.');
  }

  private send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
    res.writeHead(status, { 'content-type': type, 'x-citrix-application': 'Receiver for Web' });
    res.end(body);
  }
}
