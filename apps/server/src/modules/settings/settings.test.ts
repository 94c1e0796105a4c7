import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkCodeRegister,
  getIndexData,
  getSystemSettings,
  modifyPwd,
  queryPwdStrength,
  registerUser,
  Role,
  updateSystemSettings,
} from '@portal/shared';
import { ADMIN, captchaAnswer, createTestApp, createUser, signedIn, TestClient, type TestApp } from '../../test/harness.js';

/* Run-time system settings: the config file gives the defaults, administrators change them. */

describe('system settings', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp({ ui: { refreshInterval: 60 } });
    admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
  });
  afterAll(() => t.close());

  const current = async () => (await admin.call(getSystemSettings)).data;

  it('starts from the configuration file', async () => {
    expect(await current()).toEqual({ refreshInterval: 60, registrationEnabled: true, passwordStrength: 'middle' });
  });

  it('saves a new refresh interval, which every console then uses', async () => {
    const res = await admin.call(updateSystemSettings, { body: { refreshInterval: 120 } });
    expect(res.errCode).toBe(0);
    expect(res.data).toEqual({ refreshInterval: 120, registrationEnabled: true, passwordStrength: 'middle' });
    expect((await current()).refreshInterval).toBe(120);
    const someone = await signedIn(t.app, 'settings_reader', Role.user);
    expect((await someone.call(getIndexData)).data.refreshInteval).toBe(120);
  });

  it('accepts 20 to 1200 seconds and refuses 19 and 1201 (10004), keeping the old value', async () => {
    for (const refreshInterval of [20, 1200]) {
      expect((await admin.call(updateSystemSettings, { body: { refreshInterval } })).data.refreshInterval).toBe(refreshInterval);
    }
    for (const refreshInterval of [19, 1201, 0, -30, 30.5]) {
      const res = await admin.call(updateSystemSettings, { body: { refreshInterval } });
      expect(res.status, String(refreshInterval)).toBe(400);
      expect(res.errCode, String(refreshInterval)).toBe(10004);
    }
    expect((await current()).refreshInterval).toBe(1200);
    // Forms send numbers as text.
    expect(
      (await admin.callUnchecked(updateSystemSettings, { body: { refreshInterval: '90' }, form: true })).data.refreshInterval,
    ).toBe(90);
  });

  it('changes only what is sent', async () => {
    await admin.call(updateSystemSettings, { body: { registrationEnabled: false } });
    expect(await current()).toEqual({ refreshInterval: 90, registrationEnabled: false, passwordStrength: 'middle' });
    expect((await admin.call(updateSystemSettings, { body: {} })).data).toEqual(await current());
    await admin.call(updateSystemSettings, { body: { registrationEnabled: true } });
    expect((await admin.callUnchecked(updateSystemSettings, { body: { passwordStrength: 'extreme' } })).errCode).toBe(10004);
  });

  it('enforces a high password strength on password changes and registrations once set', async () => {
    await admin.call(updateSystemSettings, { body: { passwordStrength: 'high' } });
    expect((await new TestClient(t.app).call(queryPwdStrength)).data).toEqual({ passwordStrength: 'high' });
    expect((await admin.call(getIndexData)).data.passwordStrength).toBe('high');

    await createUser(t.app, 'strength_user', Role.user, 'Old_pass1');
    const me = new TestClient(t.app, '10.80.0.1');
    await me.login('strength_user', 'Old_pass1');
    const medium = await me.call(modifyPwd, {
      body: { oldPwd: 'Old_pass1', newPwd: 'middle123', verifyCheckNewPwd: 'middle123' },
    });
    expect(medium.error?.reason).toBe('passwordTooWeak');
    expect(medium.error?.passwordStrength).toBe('high');
    expect(
      (await me.call(modifyPwd, { body: { oldPwd: 'Old_pass1', newPwd: 'High_pass_123', verifyCheckNewPwd: 'High_pass_123' } }))
        .errCode,
    ).toBe(0);

    const visitor = new TestClient(t.app, '10.80.0.2');
    const rand = `r${randomBytes(8).toString('hex')}`;
    await visitor.raw('GET', `/login/authCode.action?rand=${rand}`);
    await visitor.call(checkCodeRegister, { body: { rand, code: await captchaAnswer(t.app, `rand:${rand}`) } });
    const form = { rand, userName: 'strong_reg', email: 'strong_reg@example.com' };
    const weak = await visitor.call(registerUser, { body: { ...form, userPwd: 'middle123' } });
    expect(weak.error?.reason).toBe('passwordTooWeak');
    expect((await visitor.call(registerUser, { body: { ...form, userPwd: 'High_pass_123' } })).errCode).toBe(0);
  });

  it('is closed to user, viewer and auditor; open to hpc and opt', async () => {
    for (const role of [Role.user, Role.viewer, Role.auditor]) {
      const c = await signedIn(t.app, `settings_denied_${role}`, role);
      expect((await c.call(getSystemSettings)).status, `role ${role}`).toBe(403);
      const res = await c.call(updateSystemSettings, { body: { refreshInterval: 300 } });
      expect(res.status).toBe(403);
      expect(res.errCode).toBe(10008);
    }
    expect((await current()).refreshInterval).toBe(90);
    for (const role of [Role.hpc, Role.opt]) {
      const c = await signedIn(t.app, `settings_allowed_${role}`, role);
      expect((await c.call(getSystemSettings)).errCode, `role ${role}`).toBe(0);
    }
  });
});
