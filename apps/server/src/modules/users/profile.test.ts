import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getIndexData, modifyPwd, modifyUserInfo, queryLoginUser, Role, updateSystemSettings } from '@portal/shared';
import { ADMIN, createTestApp, createUser, TestClient, type TestApp } from '../../test/harness.js';

/* The personal center: one's own information and password. */

let ipCounter = 0;
const signIn = async (t: TestApp, userName: string, password: string) => {
  const client = new TestClient(t.app, `10.30.0.${++ipCounter}`);
  const res = await client.login(userName, password);
  expect(res.errCode, `sign-in of ${userName}`).toBe(0);
  return client;
};

describe('personal information', () => {
  let t: TestApp;
  let me: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.app, 'wang_wu', Role.hpc, 'Passw0rd!x');
    me = await signIn(t, 'wang_wu', 'Passw0rd!x');
  });
  afterAll(() => t.close());

  it("shows the signed-in user's own fields", async () => {
    const res = await me.call(queryLoginUser);
    expect(res.errCode).toBe(0);
    expect(res.data).toEqual({
      userName: 'wang_wu',
      roleId: 10004,
      email: 'wang_wu@example.com',
      phoneNum: '',
      descInfo: '',
      groupName: '',
      company: '',
      department: '',
    });
  });

  it('saves e-mail, phone and description, and shows them afterwards', async () => {
    const res = await me.call(modifyUserInfo, {
      body: { email: 'wu_wang@example.com', phoneNum: '15912345678', descInfo: 'CFD group' },
    });
    expect(res.errCode).toBe(0);
    expect((await me.call(queryLoginUser)).data).toMatchObject({
      email: 'wu_wang@example.com',
      phoneNum: '15912345678',
      descInfo: 'CFD group',
    });
  });

  it('clears the optional phone and description when they are emptied', async () => {
    await me.call(modifyUserInfo, { body: { email: 'wu_wang@example.com', phoneNum: '', descInfo: '' } });
    expect((await me.call(queryLoginUser)).data).toMatchObject({ phoneNum: '', descInfo: '' });
  });

  it('requires the e-mail (10003) and checks its pattern (10004)', async () => {
    expect((await me.callUnchecked(modifyUserInfo, { body: { phoneNum: '15912345678' } })).errCode).toBe(10003);
    expect((await me.call(modifyUserInfo, { body: { email: '' } })).errCode).toBe(10003);
    for (const email of ['plainaddress', 'a@b', 'a@b.c', 'a b@c.com', 'a@b.info']) {
      const res = await me.call(modifyUserInfo, { body: { email } });
      expect(res.errCode, email).toBe(10004);
      expect(res.error?.issues?.[0]?.path).toBe('email');
    }
  });

  it('checks the phone pattern when a phone is given', async () => {
    for (const phoneNum of ['12345678901', '1591234567', '159123456789', 'phone']) {
      const res = await me.call(modifyUserInfo, { body: { email: 'wu_wang@example.com', phoneNum } });
      expect(res.errCode, phoneNum).toBe(10004);
    }
  });

  it('accepts a description of 128 characters and refuses 129', async () => {
    expect((await me.call(modifyUserInfo, { body: { email: 'wu_wang@example.com', descInfo: 'd'.repeat(128) } })).errCode).toBe(
      0,
    );
    expect((await me.call(modifyUserInfo, { body: { email: 'wu_wang@example.com', descInfo: 'e'.repeat(129) } })).errCode).toBe(
      10004,
    );
    expect((await me.call(queryLoginUser)).data.descInfo).toBe('d'.repeat(128));
  });

  it('keeps the information of other users untouched', async () => {
    const admin = await signIn(t, ADMIN.user, ADMIN.password);
    expect((await admin.call(queryLoginUser)).data.email).toBe('');
  });
});

describe('password change', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, ADMIN.user, ADMIN.password);
  });
  afterAll(() => t.close());

  const setStrength = async (passwordStrength: 'low' | 'middle' | 'high') =>
    expect((await admin.call(updateSystemSettings, { body: { passwordStrength } })).errCode).toBe(0);

  it('refuses a wrong old password', async () => {
    await createUser(t.app, 'pw_wrong_old', Role.user, 'Old_pass1');
    const me = await signIn(t, 'pw_wrong_old', 'Old_pass1');
    const res = await me.call(modifyPwd, { body: { oldPwd: 'Not_it_1', newPwd: 'New_pass1', verifyCheckNewPwd: 'New_pass1' } });
    expect(res.status).toBe(400);
    expect(res.errCode).toBe(10004);
    expect(res.error?.reason).toBe('oldPasswordWrong');
    await signIn(t, 'pw_wrong_old', 'Old_pass1');
  });

  it('answers 10003 for an empty old password', async () => {
    await createUser(t.app, 'pw_empty_old', Role.user, 'Old_pass1');
    const me = await signIn(t, 'pw_empty_old', 'Old_pass1');
    const res = await me.call(modifyPwd, { body: { oldPwd: '', newPwd: 'New_pass1', verifyCheckNewPwd: 'New_pass1' } });
    expect(res.errCode).toBe(10003);
  });

  it('refuses a confirmation that differs from the new password', async () => {
    await createUser(t.app, 'pw_mismatch', Role.user, 'Old_pass1');
    const me = await signIn(t, 'pw_mismatch', 'Old_pass1');
    const res = await me.call(modifyPwd, { body: { oldPwd: 'Old_pass1', newPwd: 'New_pass1', verifyCheckNewPwd: 'New_pass2' } });
    expect(res.errCode).toBe(10004);
    expect(res.errMsg).toBe('The new password entered for the two times do not match');
    await signIn(t, 'pw_mismatch', 'Old_pass1');
  });

  it('refuses an empty confirmation', async () => {
    await createUser(t.app, 'pw_no_confirm', Role.user, 'Old_pass1');
    const me = await signIn(t, 'pw_no_confirm', 'Old_pass1');
    const res = await me.call(modifyPwd, { body: { oldPwd: 'Old_pass1', newPwd: 'New_pass1', verifyCheckNewPwd: '' } });
    expect(res.errCode).toBe(10003);
    expect(res.errMsg).toBe('Confirm new password can not be empty');
    await signIn(t, 'pw_no_confirm', 'Old_pass1');
  });

  it('refuses a new password equal to the old one', async () => {
    await createUser(t.app, 'pw_same', Role.user, 'Old_pass1');
    const me = await signIn(t, 'pw_same', 'Old_pass1');
    const res = await me.call(modifyPwd, { body: { oldPwd: 'Old_pass1', newPwd: 'Old_pass1', verifyCheckNewPwd: 'Old_pass1' } });
    expect(res.error?.reason).toBe('samePassword');
  });

  it('applies the strength the administrator set: low, middle, high', async () => {
    await createUser(t.app, 'pw_strength', Role.user, 'Old_pass1');
    const me = await signIn(t, 'pw_strength', 'Old_pass1');
    const attempt = (newPwd: string) => me.call(modifyPwd, { body: { oldPwd: 'Old_pass1', newPwd, verifyCheckNewPwd: newPwd } });
    const cases: { strength: 'low' | 'middle' | 'high'; weak: string[]; strong: string }[] = [
      { strength: 'high', weak: ['Abcdefgh12', 'abc_defgh!', 'Ab1_', 'Abc_12345'], strong: 'Abc_123456' },
      { strength: 'middle', weak: ['abcdefgh', '123456789', 'ab_1'], strong: 'abc123' },
      { strength: 'low', weak: ['abc', 'x'.repeat(33), 'abc d'], strong: 'abcd' },
    ];
    for (const { strength, weak, strong } of cases) {
      await setStrength(strength);
      for (const pwd of weak) {
        const res = await attempt(pwd);
        expect(res.error?.reason, `${strength}: ${pwd}`).toBe('passwordTooWeak');
        expect(res.error?.passwordStrength).toBe(strength);
      }
      // The strong one is accepted: change it back right away so the next round starts from Old_pass1.
      expect((await attempt(strong)).errCode, `${strength}: ${strong}`).toBe(0);
      await setStrength('low');
      expect(
        (await me.call(modifyPwd, { body: { oldPwd: strong, newPwd: 'Old_pass1', verifyCheckNewPwd: 'Old_pass1' } })).errCode,
      ).toBe(0);
    }
    await setStrength('middle');
  });

  it('ends the other sessions of the user, keeps the current one, and the new password signs in', async () => {
    await createUser(t.app, 'pw_sessions', Role.user, 'Old_pass1');
    const laptop = await signIn(t, 'pw_sessions', 'Old_pass1');
    const desktop = await signIn(t, 'pw_sessions', 'Old_pass1');
    const res = await laptop.call(modifyPwd, {
      body: { oldPwd: 'Old_pass1', newPwd: 'New_pass1', verifyCheckNewPwd: 'New_pass1' },
    });
    expect(res.errCode).toBe(0);

    const other = await desktop.call(getIndexData);
    expect(other.status).toBe(401);
    expect(other.errCode).toBe(10009);
    expect((await laptop.call(getIndexData)).errCode).toBe(0);

    expect((await new TestClient(t.app, '10.30.1.1').login('pw_sessions', 'Old_pass1')).error?.reason).toBe('badCredentials');
    await signIn(t, 'pw_sessions', 'New_pass1');
  });

  it('accepts old clients that send no confirmation field', async () => {
    await createUser(t.app, 'pw_legacy', Role.user, 'Old_pass1');
    const me = await signIn(t, 'pw_legacy', 'Old_pass1');
    const res = await me.call(modifyPwd, { body: { oldPwd: 'Old_pass1', newPwd: 'New_pass1' }, form: true });
    expect(res.errCode).toBe(0);
    await signIn(t, 'pw_legacy', 'New_pass1');
  });
});
