import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getIndexData, getOnlineUser, modifyPwd, queryLoginUser, queryUser, Role, setTemporaryPassword } from '@portal/shared';
import { ADMIN, createTestApp, createUser, TestClient, type TestApp } from '../../test/harness.js';

/* A forgotten password without mail: the administrator sets a temporary one, the user must replace it. */

describe('temporary password set by an administrator', () => {
  let t: TestApp;
  const signedIn = async (user: string, password: string) => {
    const c = new TestClient(t.app);
    expect((await c.login(user, password)).errCode).toBe(0);
    return c;
  };
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.app, 'forgetful', Role.user, 'Old_pass11');
    await createUser(t.app, 'plain_user', Role.user, 'Plain_pass1');
  });
  afterAll(() => t.close());

  it("replaces the password, ends the user's sessions and requires a change at the next sign-in", async () => {
    const before = await signedIn('forgetful', 'Old_pass11');
    const admin = await signedIn(ADMIN.user, ADMIN.password);
    const res = await admin.call(setTemporaryPassword, {
      body: { userName: 'forgetful', newPwd: 'Temp_pass1', verifyCheckNewPwd: 'Temp_pass1' },
    });
    expect(res.errCode).toBe(0);
    expect((await before.call(getIndexData)).error?.reason).toBe('sessionExpired');
    expect((await new TestClient(t.app).login('forgetful', 'Old_pass11')).error?.reason).toBe('badCredentials');

    const user = await signedIn('forgetful', 'Temp_pass1');
    expect((await user.call(getIndexData)).data.mustChangePassword).toBe(true);
    // Everything else is refused until the password is changed.
    for (const call of [() => user.call(queryLoginUser), () => user.call(getOnlineUser)]) {
      const refused = await call();
      expect(refused.status).toBe(403);
      expect(refused.errCode).toBe(10008);
      expect(refused.error?.reason).toBe('passwordChangeRequired');
    }
    const changed = await user.call(modifyPwd, {
      body: { oldPwd: 'Temp_pass1', newPwd: 'Mine_pass22', verifyCheckNewPwd: 'Mine_pass22' },
    });
    expect(changed.errCode).toBe(0);
    expect((await user.call(getIndexData)).data.mustChangePassword).toBe(false);
    expect((await user.call(queryLoginUser)).errCode).toBe(0);
    expect((await (await signedIn('forgetful', 'Mine_pass22')).call(getIndexData)).data.mustChangePassword).toBe(false);
  });

  it('writes an audit line naming the user but not the password', async () => {
    const admin = await signedIn(ADMIN.user, ADMIN.password);
    await admin.call(setTemporaryPassword, {
      body: { userName: 'forgetful', newPwd: 'Audit_tmp1', verifyCheckNewPwd: 'Audit_tmp1' },
    });
    const rows = async () =>
      t.app.services.db.selectFrom('audit_log').selectAll().where('action', '=', 'users.setTemporaryPassword').execute();
    await vi.waitFor(async () => expect((await rows()).length).toBeGreaterThan(0), { timeout: 30_000 });
    const text = JSON.stringify(await rows());
    expect(text).toContain('forgetful');
    expect(text).not.toContain('Audit_tmp1');
  });

  it('follows the password rules of spec section 5 and the confirmation', async () => {
    const admin = await signedIn(ADMIN.user, ADMIN.password);
    const weak = await admin.call(setTemporaryPassword, {
      body: { userName: 'forgetful', newPwd: 'abc', verifyCheckNewPwd: 'abc' },
    });
    expect(weak.error?.reason).toBe('passwordTooWeak');
    const mismatch = await admin.call(setTemporaryPassword, {
      body: { userName: 'forgetful', newPwd: 'Temp_pass1', verifyCheckNewPwd: 'Temp_pass2' },
    });
    expect(mismatch.error?.reason).toBe('passwordMismatch');
    const unknown = await admin.call(setTemporaryPassword, {
      body: { userName: 'nobody_here', newPwd: 'Temp_pass1', verifyCheckNewPwd: 'Temp_pass1' },
    });
    expect(unknown.error?.reason).toBe('userNotFound');
    const self = await admin.call(setTemporaryPassword, {
      body: { userName: ADMIN.user, newPwd: 'Temp_pass1', verifyCheckNewPwd: 'Temp_pass1' },
    });
    expect(self.error?.reason).toBe('selfChange');
  });

  it('needs users:manage', async () => {
    const user = await signedIn('plain_user', 'Plain_pass1');
    const res = await user.call(setTemporaryPassword, {
      body: { userName: 'forgetful', newPwd: 'Temp_pass1', verifyCheckNewPwd: 'Temp_pass1' },
    });
    expect(res.status).toBe(403);
    expect(res.error?.reason).toBe('forbidden');
    expect((await user.call(queryUser, { body: {} })).status).toBe(403);
  });
});
