import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkResetToken, forgotPwd, getIndexData, queryLoginConfig, Role, resetPwd } from '@portal/shared';
import { createTestApp, createUser, ManualClock, TestClient, type TestApp } from '../../test/harness.js';
import { mailText as textOf, startSmtp, type ReceivedMail as Mail, type TestSmtp } from '../../test/smtp.js';

/* Forgot password: a real SMTP server receives the mail, the link in it sets a new password. */

const tokenIn = (mail: Mail): string => {
  const link = /(\S+)\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(textOf(mail.raw));
  if (!link) throw new Error(`no reset link in:\n${textOf(mail.raw)}`);
  return decodeURIComponent(link[2]!);
};

/** Mails arrive over a real socket: wait until `count` are there. */
const waitForMails = async (mails: Mail[], count: number) => {
  await vi.waitFor(() => expect(mails.length).toBeGreaterThanOrEqual(count), { timeout: 30_000, interval: 20 });
  return mails;
};

let ipCounter = 0;
const browser = (t: TestApp) => new TestClient(t.app, `10.60.0.${++ipCounter}`);

describe('password reset by e-mail', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  const clock = new ManualClock();

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(
      {
        server: { publicUrl: 'https://portal.example.org' },
        mail: { smtp: { host: '127.0.0.1', port: smtp.port, secure: false, from: 'HPC Portal <portal@example.org>' } },
      },
      clock,
    );
    await createUser(t.app, 'reset_user', Role.user, 'Old_pass1');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** Asks for a reset link and answers the mails that arrived for it. */
  const ask = async (userName: string, email: string) => {
    const before = smtp.mails.length;
    const res = await browser(t).call(forgotPwd, { body: { userName, email } });
    expect(res.status).toBe(200);
    expect(res.errCode).toBe(0);
    await waitForMails(smtp.mails, before + 1);
    return smtp.mails.slice(before);
  };

  it('offers "forgot password" on the sign-in page', async () => {
    expect((await browser(t).call(queryLoginConfig)).data.forgotPasswordEnabled).toBe(true);
  });

  it('mails one link to the address on record when user name and e-mail match', async () => {
    const mails = await ask('reset_user', 'Reset_User@Example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual(['reset_user@example.com']);
    expect(mails[0]?.from).toBe('portal@example.org');
    const text = textOf(mails[0]!.raw);
    expect(text).toMatch(/https:\/\/portal\.example\.org\/reset-password\?token=/);
    expect(text).toContain('reset_user');
    expect(tokenIn(mails[0]!).length).toBeGreaterThanOrEqual(32);
  });

  it('sets the new password with the link, signs out other sessions, and the link works only once', async () => {
    const old = browser(t);
    expect((await old.login('reset_user', 'Old_pass1')).errCode).toBe(0);
    const [mail] = await ask('reset_user', 'reset_user@example.com');
    const token = tokenIn(mail!);

    const res = await browser(t).call(resetPwd, { body: { token, newPwd: 'New_pass1', verifyCheckNewPwd: 'New_pass1' } });
    expect(res.errCode).toBe(0);
    expect((await old.call(getIndexData)).status).toBe(401);
    expect((await browser(t).login('reset_user', 'New_pass1')).errCode).toBe(0);
    expect((await browser(t).login('reset_user', 'Old_pass1')).error?.reason).toBe('badCredentials');

    const again = await browser(t).call(resetPwd, { body: { token, newPwd: 'Third_pass1', verifyCheckNewPwd: 'Third_pass1' } });
    expect(again.errCode).toBe(10004);
    expect(again.error?.reason).toBe('resetTokenInvalid');
    expect((await browser(t).login('reset_user', 'New_pass1')).errCode).toBe(0);
  });

  it('keeps the link usable after a refused attempt (weak or mismatched password)', async () => {
    const [mail] = await ask('reset_user', 'reset_user@example.com');
    const token = tokenIn(mail!);
    const weak = await browser(t).call(resetPwd, { body: { token, newPwd: 'abcdefgh', verifyCheckNewPwd: 'abcdefgh' } });
    expect(weak.error?.reason).toBe('passwordTooWeak');
    const mismatch = await browser(t).call(resetPwd, { body: { token, newPwd: 'Fourth_pw1', verifyCheckNewPwd: 'Fourth_pw2' } });
    expect(mismatch.errMsg).toBe('The new password entered for the two times do not match');
    expect(
      (await browser(t).call(resetPwd, { body: { token, newPwd: 'Fourth_pw1', verifyCheckNewPwd: 'Fourth_pw1' } })).errCode,
    ).toBe(0);
    expect((await browser(t).login('reset_user', 'Fourth_pw1')).errCode).toBe(0);
  });

  it('answers success but sends nothing when the e-mail or the user does not match', async () => {
    const before = smtp.mails.length;
    for (const [userName, email] of [
      ['reset_user', 'someone.else@example.com'],
      ['no_such_user', 'reset_user@example.com'],
    ] as const) {
      const res = await browser(t).call(forgotPwd, { body: { userName, email } });
      expect(res.status).toBe(200);
      expect(res.errCode).toBe(0);
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails.length).toBe(before);
  });

  it('sends nothing to a frozen account', async () => {
    await createUser(t.app, 'frozen_reset', Role.user, 'Old_pass1');
    const row = await t.app.services.usersRepo.findByName('frozen_reset');
    await t.app.services.usersRepo.update(row!.id, { status: 'frozen' });
    const before = smtp.mails.length;
    expect(
      (await browser(t).call(forgotPwd, { body: { userName: 'frozen_reset', email: 'frozen_reset@example.com' } })).errCode,
    ).toBe(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails.length).toBe(before);
  });

  it('refuses a link older than its validity (30 minutes)', async () => {
    const [mail] = await ask('reset_user', 'reset_user@example.com');
    expect((await browser(t).call(checkResetToken, { query: { token: tokenIn(mail!) } })).data).toEqual({ valid: true });
    clock.advance(31 * 60_000);
    const res = await browser(t).call(resetPwd, {
      body: { token: tokenIn(mail!), newPwd: 'Late_pass1', verifyCheckNewPwd: 'Late_pass1' },
    });
    expect(res.errCode).toBe(10004);
    expect(res.error?.reason).toBe('resetTokenExpired');
    const check = await browser(t).call(checkResetToken, { query: { token: tokenIn(mail!) } });
    expect(check.error?.reason).toBe('resetTokenExpired');
    expect((await browser(t).login('reset_user', 'Late_pass1')).error?.reason).toBe('badCredentials');
  });

  it('refuses a made-up token', async () => {
    const res = await browser(t).call(resetPwd, {
      body: { token: 'A'.repeat(43), newPwd: 'Made_up_pw1', verifyCheckNewPwd: 'Made_up_pw1' },
    });
    expect(res.error?.reason).toBe('resetTokenInvalid');
  });

  it('answers a mangled link (too short, cut off) as an invalid link, not as an invalid parameter', async () => {
    for (const token of ['abc', 'x'.repeat(300)]) {
      const res = await browser(t).call(resetPwd, { body: { token, newPwd: 'Made_up_pw1', verifyCheckNewPwd: 'Made_up_pw1' } });
      expect(res.error?.reason, token).toBe('resetTokenInvalid');
      expect((await browser(t).call(checkResetToken, { query: { token } })).error?.reason, token).toBe('resetTokenInvalid');
    }
  });

  it('keeps reset tokens out of the audit log and out of the database', async () => {
    const [mail] = await ask('reset_user', 'reset_user@example.com');
    const token = tokenIn(mail!);
    await browser(t).call(resetPwd, { body: { token, newPwd: 'Audit_pw11', verifyCheckNewPwd: 'Audit_pw11' } });
    // The audit line is written once the answer has gone out.
    const readAudit = async () => JSON.stringify(await t.app.services.db.selectFrom('audit_log').selectAll().execute());
    await vi.waitFor(async () => expect(await readAudit()).toContain('login.resetPwd'), { timeout: 30_000 });
    const audit = await readAudit();
    const resets = JSON.stringify(await t.app.services.db.selectFrom('password_resets').selectAll().execute());
    expect(audit).toContain('login.resetPwd');
    expect(audit).not.toContain(token);
    expect(audit).not.toContain('Audit_pw11');
    expect(resets).not.toContain(token);
  });
});

describe('password reset without mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is not offered, and asking for it answers 503', async () => {
    expect((await browser(t).call(queryLoginConfig)).data.forgotPasswordEnabled).toBe(false);
    const res = await browser(t).call(forgotPwd, { body: { userName: 'admin', email: 'admin@example.com' } });
    expect(res.status).toBe(503);
    expect(res.error?.reason).toBe('mailNotConfigured');
  });
});

describe('password reset with an unreachable mail server', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 9 (discard) has no SMTP server on loopback: the connection is refused.
    t = await createTestApp({ mail: { smtp: { host: '127.0.0.1', port: 9, from: 'portal@example.org' } } });
    await createUser(t.app, 'unlucky', Role.user);
  });
  afterAll(() => t.close());

  it('answers a known user exactly as an unknown one, so the answer reveals no user names', async () => {
    const known = await browser(t).call(forgotPwd, { body: { userName: 'unlucky', email: 'unlucky@example.com' } });
    const unknown = await browser(t).call(forgotPwd, { body: { userName: 'nobody-here', email: 'nobody@example.com' } });
    expect({ status: known.status, errCode: known.errCode, data: known.data }).toEqual({
      status: unknown.status,
      errCode: unknown.errCode,
      data: unknown.data,
    });
    expect(known.errCode).toBe(0);
  });
});
