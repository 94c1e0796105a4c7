import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkLock,
  exportKey,
  freezeUser,
  getIndexData,
  getMenus,
  listAuditLog,
  modifyPwd,
  modifyUser,
  queryUser,
  Role,
  updateSystemSettings,
  type AuditEntry,
} from '@portal/shared';
import { ADMIN, createTestApp, createUser, TestClient, type TestApp } from '../../test/harness.js';

/* The audit log: who did what, when, from where, with which result; never a secret. */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every audit row as stored, oldest first. The line is written once the answer has left, so wait for it. */
const auditRows = async (t: TestApp, atLeast = 0) => {
  for (let i = 0; ; i++) {
    const rows = await t.app.services.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    if (rows.length >= atLeast || i > 50) return rows;
    await sleep(10);
  }
};

/** Waits until the audit lines of the calls made so far are written (each call adds at most one). */
const settle = async (t: TestApp) => {
  let before = -1;
  for (;;) {
    const n = (await auditRows(t)).length;
    if (n === before) return;
    before = n;
    await sleep(20);
  }
};

describe('audit log', () => {
  let t: TestApp;
  let admin: TestClient;
  let auditor: TestClient;
  let user: TestClient;
  /** Every password and token used in this file: none may ever show up in the log. */
  const secrets: string[] = [ADMIN.password];

  beforeAll(async () => {
    t = await createTestApp();
    admin = new TestClient(t.app, '10.50.0.1');
    expect((await admin.login(ADMIN.user, ADMIN.password)).errCode).toBe(0);
    await createUser(t.app, 'auditor_ann', Role.auditor, 'Auditor_pw1');
    auditor = new TestClient(t.app, '10.50.0.2');
    await auditor.login('auditor_ann', 'Auditor_pw1');
    await createUser(t.app, 'plain_user', Role.user, 'Plain_pw1');
    user = new TestClient(t.app, '10.50.0.3');
    await user.login('plain_user', 'Plain_pw1');
    secrets.push('Auditor_pw1', 'Plain_pw1');
    for (const c of [admin, auditor, user]) secrets.push(c.csrf!, c.cookies.get('portal_sid')!);
  });
  afterAll(() => t.close());

  it('records a successful change with who, action, when, where, result and target', async () => {
    const before = Date.now();
    await admin.call(modifyUser, { body: { userName: 'plain_user', groupName: 'physics' } });
    await settle(t);
    const row = (await auditRows(t)).findLast((r) => r.action === 'users.modifyUser');
    expect(row).toMatchObject({
      user_name: 'admin',
      role_id: 10008,
      action: 'users.modifyUser',
      method: 'POST',
      path: '/sys_gvuserma/gvuserma/modifyUser.action',
      ip: '10.50.0.1',
      result: 'success',
      err_code: 0,
      target: 'plain_user',
    });
    expect(Number(row?.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Number(row?.at)).toBeLessThanOrEqual(Date.now());
  });

  it('records refused changes with their error code', async () => {
    await admin.call(freezeUser, { body: { userName: ADMIN.user } });
    await user.call(freezeUser, { body: { userName: ADMIN.user } });
    await admin.callUnchecked(modifyUser, { body: {} });
    await settle(t);
    const rows = (await auditRows(t)).filter(
      (r) => r.action === 'users.freezeUser' || (r.action === 'users.modifyUser' && r.result === 'failure'),
    );
    expect(rows.map((r) => [r.user_name, r.action, r.result, r.err_code, r.target])).toEqual([
      ['admin', 'users.freezeUser', 'failure', 10008, 'admin'],
      ['plain_user', 'users.freezeUser', 'failure', 10008, ''],
      ['admin', 'users.modifyUser', 'failure', 10003, ''],
    ]);
  });

  it('records sign-ins, failed ones with the user name that was tried', async () => {
    const intruder = new TestClient(t.app, '10.50.9.9');
    await intruder.login('mallory', 'Guess_pw1');
    await intruder.login('admin', 'Guess_pw2');
    secrets.push('Guess_pw1', 'Guess_pw2');
    await settle(t);
    const logins = (await auditRows(t)).filter((r) => r.action === 'login.loginAuth');
    expect(logins.filter((r) => r.result === 'success').map((r) => r.user_name)).toEqual(['admin', 'auditor_ann', 'plain_user']);
    const failed = logins.filter((r) => r.result === 'failure');
    expect(failed.map((r) => [r.user_name, r.ip, r.err_code])).toEqual([
      ['mallory', '10.50.9.9', 10004],
      ['admin', '10.50.9.9', 10004],
    ]);
  });

  it('does not record reads, but does record handing out a private key', async () => {
    const before = (await auditRows(t)).length;
    await admin.call(getIndexData);
    await admin.call(getMenus);
    await admin.call(listAuditLog);
    await admin.call(queryUser, { body: {} });
    await user.call(checkLock, { body: {} });
    await settle(t);
    expect((await auditRows(t)).length).toBe(before);

    const key = await user.call(exportKey);
    expect(key.status).toBe(200);
    secrets.push(String(key.data).split('\n')[1]!);
    await settle(t);
    const rows = await auditRows(t);
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({ action: 'keys.exportKey', method: 'GET', user_name: 'plain_user', result: 'success' });
  });

  it('never stores a password or token', async () => {
    await user.call(modifyPwd, { body: { oldPwd: 'Plain_pw1', newPwd: 'Changed_pw2', verifyCheckNewPwd: 'Changed_pw2' } });
    await user.call(modifyPwd, { body: { oldPwd: 'Wrong_old9', newPwd: 'Other_pw3', verifyCheckNewPwd: 'Other_pw3' } });
    await admin.call(updateSystemSettings, { body: { passwordStrength: 'high' } });
    secrets.push('Changed_pw2', 'Wrong_old9', 'Other_pw3');
    await settle(t);
    const dump = JSON.stringify(await auditRows(t));
    expect(dump).toContain('profile.modifyPwd');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(5);
      expect(dump).not.toContain(secret);
    }
  });

  it('lists newest first for auditors and administrators, with paging', async () => {
    await settle(t);
    for (const reader of [auditor, admin]) {
      const res = await reader.call(listAuditLog, { query: { pageLimit: 5 } });
      expect(res.errCode).toBe(0);
      expect(res.data.list).toHaveLength(5);
      expect(res.data.total).toBe((await auditRows(t)).length);
      const times = res.data.list.map((e: AuditEntry) => Date.parse(e.at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(res.data.list[0]!.id).toBeGreaterThan(res.data.list[4]!.id);
      const next = await reader.call(listAuditLog, { query: { pageStart: 5, pageLimit: 5 } });
      expect(next.data.list[0]!.id).toBeLessThan(res.data.list[4]!.id);
    }
  });

  it('filters by user name, action and result', async () => {
    const byUser = await auditor.call(listAuditLog, { query: { userName: 'mallory' } });
    expect(byUser.data.total).toBe(1);
    expect(byUser.data.list[0]).toMatchObject({
      userName: 'mallory',
      action: 'login.loginAuth',
      result: 'failure',
      errCode: 10004,
    });

    const byAction = await auditor.call(listAuditLog, { query: { action: 'users.freezeUser' } });
    expect(byAction.data.list.map((e: AuditEntry) => e.action)).toEqual(['users.freezeUser', 'users.freezeUser']);

    const failures = await auditor.call(listAuditLog, { query: { result: 'failure', pageLimit: 300 } });
    expect(failures.data.total).toBeGreaterThanOrEqual(6);
    expect(failures.data.list.every((e: AuditEntry) => e.result === 'failure')).toBe(true);

    const combined = await auditor.call(listAuditLog, { query: { userName: 'admin', action: 'login', result: 'success' } });
    expect(combined.data.list.map((e: AuditEntry) => [e.userName, e.action])).toEqual([['admin', 'login.loginAuth']]);
  });

  it('filters by a time range given in ISO 8601', async () => {
    await settle(t);
    await sleep(15);
    const start = new Date().toISOString();
    await sleep(15);
    await admin.call(modifyUser, { body: { userName: 'plain_user', groupName: 'theory' } });
    await settle(t);
    await sleep(15);
    const end = new Date().toISOString();

    const inRange = await auditor.call(listAuditLog, { query: { startTime: start, endTime: end } });
    expect(inRange.data.list.map((e: AuditEntry) => e.action)).toEqual(['users.modifyUser']);
    const before = await auditor.call(listAuditLog, { query: { endTime: start, pageLimit: 300 } });
    expect(before.data.total).toBe((await auditRows(t)).length - 1);
    const withOffset = await auditor.call(listAuditLog, { query: { startTime: start.replace('Z', '+00:00') } });
    expect(withOffset.data.total).toBe(1);
    expect((await auditor.call(listAuditLog, { query: { startTime: 'yesterday' } })).errCode).toBe(10004);
  });

  it('is closed to the roles that do not audit', async () => {
    const res = await user.call(listAuditLog);
    expect(res.status).toBe(403);
    expect(res.errCode).toBe(10008);
    await createUser(t.app, 'viewer_vic', Role.viewer, 'Viewer_pw1');
    const viewer = new TestClient(t.app, '10.50.0.4');
    await viewer.login('viewer_vic', 'Viewer_pw1');
    expect((await viewer.call(listAuditLog)).status).toBe(403);
  });
});
