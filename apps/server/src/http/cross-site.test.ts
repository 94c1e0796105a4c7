import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSystemSettings, modifyUserInfo, queryLoginUser, Role, updateSystemSettings } from '@portal/shared';
import { ADMIN, createTestApp, parseEnvelope, signedIn, TestClient, type TestApp } from '../test/harness.js';
import { SpecClient } from '../test/spec-client.js';

/*
 * Cross-site request protection without a token (docs/api.md "Cross-site requests"): browsers
 * say where a call comes from, so a script that signs in and posts with its cookie works, and a
 * page of another origin cannot act for the user, nor sign the browser in.
 */

const email = async (t: TestApp) => (await t.app.services.usersRepo.findByName(ADMIN.user))!.email;

describe('a client of spec section 7 (no token)', () => {
  let t: TestApp;
  let client: SpecClient;
  beforeAll(async () => {
    t = await createTestApp();
    client = new SpecClient(t);
    const login = await client.post('/login/loginAuth.action', {
      strUserName: ADMIN.user,
      strPassword: ADMIN.password,
      strUserType: '0',
    });
    expect(login.envelope.errCode).toBe(0);
    expect(client.signedIn).toBe(true);
  });
  afterAll(() => t.close());

  it('posts with only its session cookie', async () => {
    const res = await client.post('/pageframe/main/modifyUserInfo.action', { email: 'script@example.com' });
    expect(res.status).toBe(200);
    expect(res.envelope.errCode).toBe(0);
    expect(await email(t)).toBe('script@example.com');
  });

  it('is refused when the same post says it comes from another site, and nothing changes', async () => {
    const forged: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'http://other.localhost' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of forged) {
      const res = await client.post('/pageframe/main/modifyUserInfo.action', { email: 'forged@example.com' }, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.envelope.errCode).toBe(10009);
      expect(res.envelope.data).toMatchObject({ reason: 'crossOrigin' });
    }
    expect(await email(t)).not.toBe('forged@example.com');
  });

  it('passes posts from its own page: same-origin, typed in (none), or an Origin that is the Host', async () => {
    const own: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' },
      { 'sec-fetch-site': 'none' },
      { origin: 'http://localhost:80' },
    ];
    for (const [i, headers] of own.entries()) {
      const res = await client.post('/pageframe/main/modifyUserInfo.action', { email: `own${i}@example.com` }, headers);
      expect(res.envelope.errCode, JSON.stringify(headers)).toBe(0);
    }
    expect(await email(t)).toBe('own2@example.com');
  });

  it('lets another site read (safe methods are never refused)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/pageframe/main/getIndexData.action',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).not.toBe(403);
  });
});

describe('sign-in from another site (login CSRF)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is refused and sets no session cookie', async () => {
    const client = new SpecClient(t);
    const res = await client.post(
      '/login/loginAuth.action',
      { strUserName: ADMIN.user, strPassword: ADMIN.password, strUserType: '0' },
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(res.envelope.data).toMatchObject({ reason: 'crossOrigin' });
    expect(res.setsSession).toBe(false);
    const audit = await t.app.services.db.selectFrom('audit_log').selectAll().where('action', '=', 'login.loginAuth').execute();
    expect(audit.filter((r) => r.result === 'success')).toHaveLength(0);
  });

  it('refuses a cross-site registration and captcha look-up the same way', async () => {
    const client = new SpecClient(t);
    for (const path of ['/sys_gvuserma/gvuserma/registerUser.action', '/sys_gvuserma/gvuserma/checkUserIsExist.action']) {
      const res = await client.post(path, { userName: 'x' }, { 'sec-fetch-site': 'cross-site' });
      expect(res.envelope.data, path).toMatchObject({ reason: 'crossOrigin' });
    }
  });
});

describe('trusted origins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ server: { trustedOrigins: ['https://sso.example.org'], publicUrl: 'https://portal.example.org' } });
  });
  afterAll(() => t.close());

  it('accepts calls from server.trustedOrigins and server.publicUrl, and no other', async () => {
    const login = (headers: Record<string, string>) =>
      new SpecClient(t).post('/login/loginAuth.action', { strUserName: ADMIN.user, strPassword: ADMIN.password }, headers);
    expect((await login({ 'sec-fetch-site': 'cross-site', origin: 'https://sso.example.org' })).envelope.errCode).toBe(0);
    expect((await login({ 'sec-fetch-site': 'same-site', origin: 'https://portal.example.org' })).envelope.errCode).toBe(0);
    expect((await login({ origin: 'https://portal.example.org' })).envelope.errCode).toBe(0);
    // Another scheme is another origin.
    expect((await login({ 'sec-fetch-site': 'cross-site', origin: 'http://sso.example.org' })).status).toBe(403);
    expect((await login({ 'sec-fetch-site': 'cross-site', origin: 'https://sso.example.org.evil.example' })).status).toBe(403);
  });
});

describe('the CSRF token, when a client sends one', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
  });
  afterAll(() => t.close());

  const currentEmail = async () => (await admin.call(queryLoginUser)).data.email;

  it("must be this session's: a wrong one or another session's is refused and changes nothing", async () => {
    const wrong = await admin.call(modifyUserInfo, {
      body: { email: 'csrf-wrong@example.com' },
      noCsrf: true,
      headers: { 'x-xsrf-token': 'not-the-token' },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.error?.reason).toBe('csrf');

    const other = await signedIn(t.app, 'csrf_other', Role.user);
    const borrowed = await admin.call(updateSystemSettings, {
      body: { refreshInterval: 60 },
      noCsrf: true,
      headers: { 'x-xsrf-token': other.csrf! },
    });
    expect(borrowed.status).toBe(403);
    expect(borrowed.error?.reason).toBe('csrf');
    expect(await currentEmail()).not.toMatch(/csrf-/);
    expect((await admin.call(getSystemSettings)).data.refreshInterval).toBe(30);
  });

  it('is accepted in the header the console sends and in the _csrf field of a form post', async () => {
    expect((await admin.call(modifyUserInfo, { body: { email: 'csrf-header@example.com' } })).errCode).toBe(0);
    expect(await currentEmail()).toBe('csrf-header@example.com');
    const form = await admin.callUnchecked(modifyUserInfo, {
      body: { email: 'csrf-form@example.com', _csrf: admin.csrf },
      form: true,
      noCsrf: true,
    });
    expect(form.errCode).toBe(0);
    expect(await currentEmail()).toBe('csrf-form@example.com');
  });
});

describe('host names of a loopback-bound server (DNS rebinding)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ server: { host: '127.0.0.1', publicUrl: 'https://hpc.example.org' } });
  });
  afterAll(() => t.close());

  it('answers its loopback names and the public URL host, and refuses any other name', async () => {
    for (const host of ['localhost:8080', '127.0.0.1:8080', '[::1]:8080', 'localhost', 'hpc.example.org']) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { host } });
      expect(res.statusCode, host).toBe(200);
    }
    // A rebinding page's Host and Origin are both its own name: they agree, the name is unknown.
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: '/pageframe/main/queryLoginUser.action',
        headers: { host: 'rebind.evil.example:8080', origin: 'http://rebind.evil.example:8080' },
      });
      expect(res.statusCode, method).toBe(421);
      expect(parseEnvelope(res.body).data).toMatchObject({ reason: 'unknownHost' });
    }
  });

  it('does not check host names when it listens beyond loopback, or behind a trusted proxy', async () => {
    for (const server of [{ host: '0.0.0.0' }, { host: '127.0.0.1', trustProxy: true }]) {
      const open = await createTestApp({ server });
      try {
        const res = await open.app.inject({ method: 'GET', url: '/healthz', headers: { host: 'portal.campus.example' } });
        expect(res.statusCode, JSON.stringify(server)).toBe(200);
      } finally {
        await open.close();
      }
    }
  });
});
