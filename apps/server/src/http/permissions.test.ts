import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allContracts, can, getSystemSettings, ErrorData, ROLE_IDS, type Contract, type RoleId } from '@portal/shared';
import { SHELL_SOCKET_ROUTE } from '../modules/shell/shell.routes.js';
import { DESKTOP_SOCKET_ROUTE } from '../modules/desktops/desktops.routes.js';
import { createTestApp, parseEnvelope, signedIn, TestClient, type TestApp } from '../test/harness.js';

/*
 * The server never trusts the client: every route states a permission, the permission decides
 * per role, and anonymous callers are sent to sign in (cross-site calls: cross-site.test.ts).
 */

const guarded = allContracts.filter((c) => c.permission !== 'public');

/** Path parameters that reach the handler (an empty one would miss the route altogether). */
const sampleParams: Record<string, Record<string, string>> = {
  '/commonsoft/download/:kind/:name': { kind: 'software', name: 'VncViewer.zip' },
};

/** Routes no contract can describe (WebSockets), each documented in docs/api.md. */
const PLAIN_ROUTES = [`GET ${SHELL_SOCKET_ROUTE} shell:open`, `GET ${DESKTOP_SOCKET_ROUTE} desktops:use`];

/** Calls a contract with an empty payload: enough to see whether the permission check lets it through. */
const callEmpty = (client: TestClient, contract: Contract, method: string = contract.method) =>
  client.raw(
    method,
    contract.path.replace(/:(\w+)/g, (_, k: string) => sampleParams[contract.path]?.[k] ?? ''),
    {
      ...(contract.body ? { body: {} } : {}),
    },
  );

const envelopeOf = (res: { body: string; headers: Record<string, unknown> }) =>
  String(res.headers['content-type']).includes('json') ? parseEnvelope(res.body) : null;

/** The reason an error envelope gives. */
const reasonOf = (env: { data: unknown } | null) => ErrorData.safeParse(env?.data).data?.reason;

describe('route table', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    // A built console with a page and an asset, so the static routes are part of the table too.
    webRoot = mkdtempSync(join(tmpdir(), 'portal-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>HPC Portal</title>');
    writeFileSync(join(webRoot, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp({}, undefined, webRoot);
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  /** Routes allowed without a contract: the OpenAPI viewer and the console's own files. */
  const isAllowlisted = (url: string) =>
    url === '/api/docs' || url.startsWith('/api/docs/') || url === '/index.html' || url === '/assets/app.js';

  it('gives every route a permission, except the API docs and the console files', () => {
    const table = t.app.routeTable;
    expect(table.length).toBeGreaterThan(allContracts.length);
    const withoutPermission = table.filter((r) => !r.permission && !isAllowlisted(r.url));
    expect(withoutPermission).toEqual([]);
    // The allowlist is really in use (so it cannot hide a mistake by matching nothing).
    expect(table.filter((r) => isAllowlisted(r.url)).map((r) => r.url)).toEqual(
      expect.arrayContaining(['/api/docs', '/api/docs/json', '/index.html', '/assets/app.js']),
    );
  });

  it('serves exactly the declared contracts, each with the permission its contract names', () => {
    const fromContracts = [...allContracts.map((c) => `${c.method} ${c.path} ${c.permission}`), ...PLAIN_ROUTES].sort();
    const registered = t.app.routeTable
      .filter((r) => !isAllowlisted(r.url) && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url} ${r.permission}`)
      .sort();
    expect(registered).toEqual(fromContracts);
  });

  it('lists no contract twice (same id or same method and path)', () => {
    expect(new Set(allContracts.map((c) => c.id)).size).toBe(allContracts.length);
    expect(new Set(allContracts.map((c) => `${c.method} ${c.path}`)).size).toBe(allContracts.length);
  });
});

describe('role × route matrix', () => {
  let t: TestApp;
  const clients = new Map<RoleId, TestClient>();
  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ROLE_IDS) clients.set(role, await signedIn(t.app, `role_${role}`, role));
  });
  afterAll(() => t.close());

  it('covers every role and a good number of guarded routes', () => {
    expect(ROLE_IDS).toEqual([10002, 10003, 10004, 10005, 10006, 10008, 10009]);
    expect(guarded.length).toBeGreaterThanOrEqual(20);
  });

  for (const role of ROLE_IDS) {
    it(`role ${role}: Permission Denied exactly on the routes its role may not use`, async () => {
      const client = clients.get(role)!;
      const wrong: string[] = [];
      for (const contract of guarded) {
        const res = await callEmpty(client, contract);
        const env = envelopeOf(res);
        const allowed = can(role, contract.permission);
        if (allowed) {
          if (res.statusCode === 401 || res.statusCode === 403)
            wrong.push(`${contract.id}: allowed but answered ${res.statusCode} ${res.body}`);
        } else if (res.statusCode !== 403 || env?.errCode !== 10008 || reasonOf(env) !== 'forbidden') {
          wrong.push(`${contract.id}: should be denied but answered ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
        if (res.statusCode >= 500) wrong.push(`${contract.id}: ${res.statusCode}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('sends an anonymous caller to sign in (401, errCode 10009) on every guarded route, HEAD included', async () => {
    const anonymous = new TestClient(t.app);
    const wrong: string[] = [];
    for (const contract of guarded) {
      const methods = contract.method === 'GET' ? ['GET', 'HEAD'] : [contract.method];
      for (const method of methods) {
        const res = await callEmpty(anonymous, contract, method);
        if (res.statusCode !== 401) wrong.push(`${method} ${contract.path}: ${res.statusCode}`);
        if (method !== 'HEAD') {
          const env = envelopeOf(res);
          if (env?.errCode !== 10009 || reasonOf(env) !== 'notSignedIn')
            wrong.push(`${contract.path}: ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('treats an unknown or forged session cookie like no session', async () => {
    const forged = new TestClient(t.app);
    forged.cookies.set('portal_sid', 'x'.repeat(43));
    const res = await forged.call(getSystemSettings);
    expect(res.status).toBe(401);
    expect(res.errCode).toBe(10009);
    expect(res.error?.reason).toBe('sessionExpired');
  });

  it('answers public routes without a session', async () => {
    const anonymous = new TestClient(t.app);
    for (const contract of allContracts.filter((c) => c.permission === 'public')) {
      const res = await callEmpty(anonymous, contract);
      expect([401, 403], `${contract.id} answered ${res.statusCode}`).not.toContain(res.statusCode);
    }
  });
});
