import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLock, getIndexData, loginAuth, logout } from '@portal/shared';
import { SIGN_INS_PER_ADDRESS_AT_ONCE } from './sign-in-gate.js';
import { ADMIN, captchaAnswer, createTestApp, createUser, ManualClock, TestClient, type TestApp } from '../../test/harness.js';

describe('sign-in', () => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await createTestApp({}, clock);
  });
  afterAll(() => t.close());

  it('signs the first administrator in with an httpOnly SameSite session cookie and a readable CSRF cookie', async () => {
    const c = new TestClient(t.app);
    const res = await c.login(ADMIN.user, ADMIN.password);
    expect(res.status).toBe(200);
    expect(res.errCode).toBe(0);
    expect(res.data).toMatchObject({ roleId: 10008, roleName: 'admin', userName: 'admin' });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/portal_sid=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/portal_sid=[^;]+;.*SameSite=Lax/i);
    expect(setCookie).toMatch(/XSRF-TOKEN=/);
    expect(c.csrf).toBe(res.data.csrfToken);
    const index = await c.call(getIndexData);
    expect(index.data.currentUser).toBe('admin');
  });

  it('ends the server session on logout', async () => {
    const c = new TestClient(t.app);
    await c.login(ADMIN.user, ADMIN.password);
    const sid = c.cookies.get('portal_sid');
    expect((await c.call(logout)).errCode).toBe(0);
    // Replaying the old cookie must not work: the session is gone on the server.
    const replay = new TestClient(t.app);
    replay.cookies.set('portal_sid', sid ?? '');
    const res = await replay.call(getIndexData);
    expect(res.status).toBe(401);
    expect(res.errCode).toBe(10009);
  });

  it('accepts form-encoded sign-in from legacy clients', async () => {
    const c = new TestClient(t.app);
    const res = await c.call(loginAuth, {
      body: { strUserName: ADMIN.user, strPassword: ADMIN.password, strUserType: '0' },
      form: true,
    });
    expect(res.errCode).toBe(0);
  });

  it('asks for a captcha after repeated failures, then locks the user', async () => {
    await createUser(t.app, 'lockme', 10002, 'Right-pass1');
    const c = new TestClient(t.app, '10.0.0.9');
    const first = await c.login('lockme', 'wrong-1');
    expect(first.status).toBe(401);
    expect(first.error?.needAuthCode).toBe(false);
    const second = await c.login('lockme', 'wrong-2');
    expect(second.error?.needAuthCode).toBe(true);
    expect((await c.call(checkLock, { body: {} })).data.needAuthCode).toBe(true);

    const noCode = await c.login('lockme', 'Right-pass1');
    expect(noCode.errCode).toBe(10003);
    expect(noCode.error?.reason).toBe('authCodeRequired');

    await c.raw('GET', '/login/authCode.action');
    const capKey = `cookie:${c.cookies.get('portal_cap')}`;
    const wrongCode = await c.login('lockme', 'Right-pass1', 'zzzz');
    expect(wrongCode.errMsg).toBe('The code is incorrect');

    for (let i = 3; i <= 5; i++) {
      await c.raw('GET', '/login/authCode.action');
      const res = await c.login('lockme', `wrong-${i}`, await captchaAnswer(t.app, capKey));
      if (i < 5) expect(res.error?.reason).toBe('badCredentials');
      else expect(res.errMsg).toBe('The user is locked');
    }
    await c.raw('GET', '/login/authCode.action');
    const locked = await c.login('lockme', 'Right-pass1', await captchaAnswer(t.app, capKey));
    expect(locked.status).toBe(403);
    expect(locked.errMsg).toBe('The user is locked');
    expect((await c.call(checkLock, { body: { strUserName: 'lockme' } })).data.locked).toBe(true);

    clock.advance(16 * 60_000);
    const after = await new TestClient(t.app, '10.0.0.10').login('lockme', 'Right-pass1');
    expect(after.errCode).toBe(0);
  });
});

describe('many people behind one address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sign in at the same moment without being asked for a captcha', async () => {
    // More than the address's turns at once (SIGN_INS_PER_ADDRESS_AT_ONCE), and some twice.
    const names = Array.from({ length: 40 }, (_, i) => `nat${i}`);
    await Promise.all(names.map((n) => createUser(t.app, n, 10002, 'Right-pass1')));
    const attempts = [...names, ...names.slice(0, 10)];
    const results = await Promise.all(attempts.map((n) => new TestClient(t.app, '192.0.2.7').login(n, 'Right-pass1')));
    expect(results.map((r) => r.error?.reason ?? 'ok')).toEqual(attempts.map(() => 'ok'));
  }, 120_000);

  it('sign in to one shared account at the same moment', async () => {
    await createUser(t.app, 'shared', 10002, 'Right-pass1');
    const results = await Promise.all(
      Array.from({ length: 3 }, () => new TestClient(t.app, '192.0.2.8').login('shared', 'Right-pass1')),
    );
    expect(results.map((r) => r.error?.reason ?? 'ok')).toEqual(['ok', 'ok', 'ok']);
  });
});

describe('spraying many accounts from one address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('meets the captcha after a bounded number of wrong guesses, however parallel', async () => {
    const names = Array.from({ length: 40 }, (_, i) => `spray${i}`);
    await Promise.all(names.map((n) => createUser(t.app, n, 10002, 'Right-pass1')));
    const guesses = await Promise.all(names.map((n) => new TestClient(t.app, '198.51.100.9').login(n, 'Summer2026!')));
    const checked = guesses.filter((g) => g.error?.reason === 'badCredentials').length;
    // captchaAfterFailures (2) wrong guesses, plus those already being checked when the second failed.
    expect(checked).toBeGreaterThanOrEqual(2);
    expect(checked).toBeLessThanOrEqual(2 + SIGN_INS_PER_ADDRESS_AT_ONCE - 1);
    expect(guesses.filter((g) => g.error?.reason === 'authCodeRequired')).toHaveLength(names.length - checked);
    // Another address is not affected.
    expect((await new TestClient(t.app, '198.51.100.10').login('spray0', 'Right-pass1')).errCode).toBe(0);
  }, 120_000);
});

describe('sign-in under a burst of parallel guesses', () => {
  let t: TestApp;
  // No captcha in the way, so only the lock stands between an attacker and the password.
  beforeAll(async () => {
    t = await createTestApp({ auth: { captchaAfterFailures: 100 } });
  });
  afterAll(() => t.close());

  it('gives parallel guesses no more tries than guesses made one by one', async () => {
    await createUser(t.app, 'burst', 10002, 'Right-pass1');
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => new TestClient(t.app, `10.1.0.${i + 1}`).login('burst', `wrong-${i}`)),
    );
    const reasons = guesses.map((g) => g.error?.reason);
    // Four are refused as wrong, the fifth sets the lock, every later one meets the lock.
    expect(reasons.filter((r) => r === 'badCredentials')).toHaveLength(4);
    expect(reasons.filter((r) => r === 'userLocked')).toHaveLength(8);
    const right = await new TestClient(t.app, '10.1.1.1').login('burst', 'Right-pass1');
    expect(right.errMsg).toBe('The user is locked');
  });
});
