import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveUser,
  checkCodeRegister,
  checkUserIsExist,
  queryLoginConfig,
  queryPendingUserInfo,
  refuseUser,
  registerUser,
  updateSystemSettings,
  type RegisterUserBody,
} from '@portal/shared';
import { ADMIN, captchaAnswer, createTestApp, TestClient, type TestApp } from '../../test/harness.js';

/* Self-registration: name check, captcha, validation, password strength, then approval. */

const newRand = () => `r${randomBytes(8).toString('hex')}`;
let ipCounter = 0;
/** A browser of its own (own address, so failed sign-ins elsewhere do not ask it for a captcha). */
const browser = (t: TestApp) => new TestClient(t.app, `10.20.0.${++ipCounter}`);

/** Shows a captcha for a new rand, as the sign-up page does; answers the rand and the code on the image. */
const showCaptcha = async (t: TestApp, client: TestClient) => {
  const rand = newRand();
  const image = await client.raw('GET', `/login/authCode.action?rand=${rand}`);
  expect(image.statusCode).toBe(200);
  return { rand, code: await captchaAnswer(t.app, `rand:${rand}`) };
};

/** A rand whose captcha the user typed correctly. */
const verifiedRand = async (t: TestApp, client: TestClient) => {
  const { rand, code } = await showCaptcha(t, client);
  expect((await client.call(checkCodeRegister, { body: { rand, code } })).errCode).toBe(0);
  return rand;
};

const form = (userName: string, fields: Partial<RegisterUserBody> = {}): Omit<RegisterUserBody, 'rand'> => ({
  userName,
  userPwd: 'Passw0rd!',
  email: `${userName.replace(/[^a-z0-9]/gi, '')}@example.com`,
  ...fields,
});

/** Fills in and sends the sign-up form after solving the captcha. */
const register = async (t: TestApp, userName: string, fields: Partial<RegisterUserBody> = {}) => {
  const client = browser(t);
  return client.call(registerUser, { body: { rand: await verifiedRand(t, client), ...form(userName, fields) } });
};

describe('registration', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = browser(t);
    await admin.login(ADMIN.user, ADMIN.password);
  });
  afterAll(() => t.close());

  it('tells whether a user name is taken', async () => {
    const c = browser(t);
    expect((await c.call(checkUserIsExist, { body: { userName: ADMIN.user } })).data).toEqual({ exist: true });
    expect((await c.call(checkUserIsExist, { body: { userName: 'nobody_here' } })).data).toEqual({ exist: false });
    // The legacy form fields are accepted as sent by old clients.
    const legacy = await c.call(checkUserIsExist, {
      body: { userName: 'admin', isRegisterUser: 'true', userRole: '10002' },
      form: true,
    });
    expect(legacy.data.exist).toBe(true);
  });

  it('serves a captcha image for the rand of the sign-up page', async () => {
    const c = browser(t);
    const rand = newRand();
    const res = await c.raw('GET', `/login/authCode.action?rand=${rand}`);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(/^<svg/);
    expect(await captchaAnswer(t.app, `rand:${rand}`)).toMatch(/^[a-z0-9]{4}$/);
  });

  it('refuses a wrong code and then throws that challenge away', async () => {
    const c = browser(t);
    const { rand, code } = await showCaptcha(t, c);
    const wrong = await c.call(checkCodeRegister, { body: { rand, code: `${code}x` } });
    expect(wrong.status).toBe(400);
    expect(wrong.errCode).toBe(10004);
    expect(wrong.errMsg).toBe('The code is incorrect');
    // Guessing needs a new image: the right answer to the old one no longer works.
    const late = await c.call(checkCodeRegister, { body: { rand, code } });
    expect(late.errMsg).toBe('The code is incorrect');
  });

  it('accepts the right code, in any letter case', async () => {
    const c = browser(t);
    const { rand, code } = await showCaptcha(t, c);
    const res = await c.call(checkCodeRegister, { body: { rand, code: ` ${code.toUpperCase()} ` } });
    expect(res.errCode).toBe(0);
    expect(res.data).toEqual({ valid: true });
  });

  it('refuses a registration whose captcha was not solved', async () => {
    const c = browser(t);
    const { rand } = await showCaptcha(t, c);
    const res = await c.call(registerUser, { body: { rand, ...form('no_code_user') } });
    expect(res.errCode).toBe(10004);
    expect(res.errMsg).toBe('The code is incorrect');
    const never = await c.call(registerUser, { body: { rand: newRand(), ...form('no_code_user') } });
    expect(never.errMsg).toBe('The code is incorrect');
    expect((await c.call(checkUserIsExist, { body: { userName: 'no_code_user' } })).data.exist).toBe(false);
  });

  it('refuses a name that is taken with 409 "User name is duplicated."', async () => {
    const res = await register(t, ADMIN.user);
    expect(res.status).toBe(409);
    expect(res.errCode).toBe(10004);
    expect(res.errMsg).toBe('User name is duplicated.');
    expect(res.error?.reason).toBe('userNameDuplicated');
  });

  it('enforces the user name, e-mail and phone patterns of the spec (10004)', async () => {
    const c = browser(t);
    const rand = await verifiedRand(t, c);
    const bad: Partial<RegisterUserBody>[] = [
      { userName: 'abc' }, // shorter than 4
      { userName: 'x'.repeat(33) }, // longer than 32
      { userName: 'has space' },
      { userName: 'hash#tag' },
      { email: 'user@host' },
      { email: 'user@host.c' },
      { email: 'user@host.info' },
      { email: 'us.er@host.com' },
      { phoneNum: '12345678901' }, // 1 then 2: not a mobile prefix
      { phoneNum: '1381234567' }, // 10 digits
      { phoneNum: '+8613812345678' },
      { descInfo: 'd'.repeat(129) },
    ];
    for (const fields of bad) {
      const res = await c.call(registerUser, { body: { rand, ...form('pattern_user'), ...fields } });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.errCode, JSON.stringify(fields)).toBe(10004);
    }
    expect((await c.call(checkUserIsExist, { body: { userName: 'pattern_user' } })).data.exist).toBe(false);
  });

  it('refuses user names that the spec allows but no POSIX account can have', async () => {
    const c = browser(t);
    const rand = await verifiedRand(t, c);
    for (const userName of ['ab$cd', 'ab<cd', 'ab>cd', 'ab;cd', 'ab/cd', 'a@b.c', 'Upper', '1abc', '-abc']) {
      const res = await c.call(registerUser, { body: { rand, ...form('posix_user'), userName } });
      expect(res.errCode, userName).toBe(10004);
      expect(JSON.stringify(res.error), userName).toContain('lowercase letter or _ first');
    }
    expect((await c.call(registerUser, { body: { rand, ...form('posix_user.ok-1') } })).errCode).toBe(0);
  });

  it('answers 10003 when a required field is missing', async () => {
    const c = browser(t);
    const rand = await verifiedRand(t, c);
    for (const field of ['userName', 'userPwd', 'email', 'rand'] as const) {
      const body = Object.fromEntries(Object.entries({ rand, ...form('missing_user') }).filter(([k]) => k !== field));
      const res = await c.callUnchecked(registerUser, { body });
      expect(res.errCode, field).toBe(10003);
    }
    const empty = await c.call(registerUser, { body: { rand, ...form('missing_user'), email: '' } });
    expect(empty.errCode).toBe(10003);
  });

  it('refuses a password weaker than the configured strength (middle: two kinds, 6+)', async () => {
    // Letters only, digits only, too short, and a character outside the allowed set.
    for (const userPwd of ['abcdefgh', '12345678', 'ab1', 'Pass word1']) {
      const res = await register(t, 'weak_user', { userPwd });
      expect(res.errCode, userPwd).toBe(10004);
      expect(res.error?.reason).toBe('passwordTooWeak');
      expect(res.error?.passwordStrength).toBe('middle');
    }
  });

  it('creates a pending account that waits for an administrator', async () => {
    const res = await register(t, 'li.si-01', { phoneNum: '13812345678', descInfo: 'Physics department' });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ userName: 'li.si-01', status: 'pending' });
    const pending = await admin.call(queryPendingUserInfo, { body: { userName: 'li.si-01' } });
    expect(pending.data.total).toBe(1);
    expect(pending.data.list[0]).toMatchObject({
      userName: 'li.si-01',
      status: 'pending',
      email: 'lisi01@example.com',
      phoneNum: '13812345678',
      descInfo: 'Physics department',
      roleId: 10002,
    });
  });

  it('does not let one solved captcha register twice', async () => {
    const c = browser(t);
    const rand = await verifiedRand(t, c);
    expect((await c.call(registerUser, { body: { rand, ...form('once_user') } })).errCode).toBe(0);
    const again = await c.call(registerUser, { body: { rand, ...form('twice_user') } });
    expect(again.errMsg).toBe('The code is incorrect');
  });

  it('tells a pending user, who knows the password, that approval is awaited; a wrong password reveals nothing', async () => {
    await register(t, 'waiting_user', { userPwd: 'Waiting_1' });
    const wrong = await browser(t).login('waiting_user', 'Wrong_pass1');
    expect(wrong.status).toBe(401);
    expect(wrong.error?.reason).toBe('badCredentials');
    const right = await browser(t).login('waiting_user', 'Waiting_1');
    expect(right.status).toBe(403);
    expect(right.errCode).toBe(10007);
    expect(right.error?.reason).toBe('userPending');
  });

  it('lets the user sign in once an administrator approves', async () => {
    await register(t, 'approved_user', { userPwd: 'Approved_1' });
    expect((await admin.call(approveUser, { body: { userNames: ['approved_user'] } })).errCode).toBe(0);
    const res = await browser(t).login('approved_user', 'Approved_1');
    expect(res.errCode).toBe(0);
    expect(res.data).toMatchObject({ userName: 'approved_user', roleId: 10002, roleName: 'user' });
  });

  it('tells a refused user so, with the reason', async () => {
    await register(t, 'refused_user', { userPwd: 'Refused_1' });
    await admin.call(refuseUser, { body: { userNames: ['refused_user'], reason: 'Not a member of the institute' } });
    const res = await browser(t).login('refused_user', 'Refused_1');
    expect(res.status).toBe(403);
    expect(res.error?.reason).toBe('userRefused');
    expect(res.error?.refuseReason).toBe('Not a member of the institute');
  });

  it('can be closed and reopened by an administrator at run time', async () => {
    expect((await admin.call(updateSystemSettings, { body: { registrationEnabled: false } })).errCode).toBe(0);
    expect((await browser(t).call(queryLoginConfig)).data.registrationEnabled).toBe(false);
    const closed = await register(t, 'late_user');
    expect(closed.status).toBe(403);
    expect(closed.errCode).toBe(10008);
    expect(closed.error?.reason).toBe('registrationClosed');

    await admin.call(updateSystemSettings, { body: { registrationEnabled: true } });
    expect((await register(t, 'late_user')).errCode).toBe(0);
  });
});

describe('registration switched off in the configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ auth: { registrationEnabled: false } });
  });
  afterAll(() => t.close());

  it('refuses every sign-up with 403 registrationClosed and says so on the sign-in page', async () => {
    expect((await browser(t).call(queryLoginConfig)).data.registrationEnabled).toBe(false);
    const res = await register(t, 'closed_user');
    expect(res.status).toBe(403);
    expect(res.error?.reason).toBe('registrationClosed');
    expect((await browser(t).call(checkUserIsExist, { body: { userName: 'closed_user' } })).data.exist).toBe(false);
  });
});
