import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addAccountMember, createAccount, listQuotas, Role, setQuota, type QuotaItem, type SetQuotaBody } from '@portal/shared';
import { waitFor } from '../../cluster/scheduler/scheduler-contract.test-support.js';
import { ADMIN, createTestApp, parseEnvelope, signedIn, TestClient, type TestApp } from '../../test/harness.js';

/* Quotas over HTTP: who reads which, who sets them, the refusals, the method override, and that a change reaches the schedulers. */

const OVERRIDE = 'x-http-method-override';

describe('quotas', () => {
  let t: TestApp;
  let admin: TestClient;
  let pi: TestClient;
  let member: TestClient;
  let otherPi: TestClient;
  let viewer: TestClient;
  let auditor: TestClient;

  const set = (body: SetQuotaBody) => admin.call(setQuota, { body });
  const key = (q: QuotaItem) => `${q.accountName}/${q.userName}`;
  const keys = (items: QuotaItem[]) => items.map(key);

  beforeAll(async () => {
    t = await createTestApp();
    admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
    pi = await signedIn(t.app, 'q_pi', Role.user);
    member = await signedIn(t.app, 'q_member', Role.user);
    otherPi = await signedIn(t.app, 'q_other', Role.user);
    viewer = await signedIn(t.app, 'q_viewer', Role.viewer);
    auditor = await signedIn(t.app, 'q_auditor', Role.auditor);
    await admin.call(createAccount, { body: { accountName: 'chem01', ownerName: 'q_pi' } });
    await admin.call(addAccountMember, { params: { accountName: 'chem01' }, body: { userName: 'q_member' } });
    await admin.call(addAccountMember, { params: { accountName: 'chem01' }, body: { userName: 'q_other' } });
    await admin.call(createAccount, { body: { accountName: 'phys02', ownerName: 'q_other' } });
    await admin.call(addAccountMember, { params: { accountName: 'phys02' }, body: { userName: 'q_member' } });
    for (const body of [
      { accountName: 'chem01', coreHoursLimit: 1000, cardHoursLimit: 50, maxRunningJobs: 20 },
      { accountName: 'chem01', userName: 'q_member', coreHoursLimit: 100 },
      { accountName: 'chem01', userName: 'q_other', maxRunningJobs: 2 },
      { accountName: 'phys02', coreHoursLimit: 500 },
      { accountName: 'phys02', userName: 'q_member', cardHoursLimit: 10 },
    ])
      expect((await set(body)).errCode).toBe(0);
  });
  afterAll(() => t.close());

  it('sets a quota and answers it with its usage, the limits left out or given as none being no limit', async () => {
    const res = await set({ accountName: 'chem01', userName: 'q_member', coreHoursLimit: '120', cardHoursLimit: '' });
    expect(res.data).toMatchObject({
      accountName: 'chem01',
      userName: 'q_member',
      coreHoursLimit: 120,
      cardHoursLimit: null,
      maxRunningJobs: null,
      coreSecondsUsed: 0,
      coreSecondsReserved: 0,
      runningJobs: 0,
      updatedBy: 'admin',
    });
    expect(Date.parse(res.data.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    const back = await set({ accountName: 'chem01', userName: 'q_member', coreHoursLimit: 100 });
    expect(back.data.coreHoursLimit).toBe(100);
  });

  it('lets only administrators set quotas: a user, a PI for their own account and the viewer get 403', async () => {
    for (const c of [member, pi, viewer]) {
      const res = await c.call(setQuota, { body: { accountName: 'chem01', coreHoursLimit: 1 } });
      expect([res.status, res.errCode, res.error?.reason]).toEqual([403, 10008, 'forbidden']);
    }
    expect((await auditor.call(listQuotas, { query: {} })).status).toBe(403);
    // Nothing changed.
    const mine = (await pi.call(listQuotas, { query: { accountName: 'chem01' } })).data.list;
    expect(mine.find((q) => key(q) === 'chem01/')?.coreHoursLimit).toBe(1000);
  });

  it('refuses an unknown account or user (404) and a user who is not a member (400), naming them', async () => {
    const noAccount = await set({ accountName: 'nosuch', coreHoursLimit: 1 });
    expect([noAccount.status, noAccount.errCode, noAccount.error?.reason]).toEqual([404, 10004, 'accountNotFound']);
    expect(noAccount.errMsg).toContain('nosuch');
    const noUser = await set({ accountName: 'chem01', userName: 'nobody_here', coreHoursLimit: 1 });
    expect([noUser.status, noUser.error?.reason]).toEqual([404, 'userNotFound']);
    const outsider = await set({ accountName: 'phys02', userName: 'q_pi', coreHoursLimit: 1 });
    expect([outsider.status, outsider.errCode, outsider.error?.reason]).toEqual([400, 10004, 'notAccountMember']);
    expect(outsider.errMsg).toBe(
      'q_pi is not a member of the account phys02: add them to the account before giving them a quota in it',
    );
    const negative = await admin.callUnchecked(setQuota, { body: { accountName: 'chem01', coreHoursLimit: -5 } });
    expect([negative.status, negative.error?.reason]).toEqual([400, 'validation']);
  });

  it("shows a member their accounts' quotas and their own, with entries for quotas nobody set", async () => {
    const list = (await member.call(listQuotas, { query: {} })).data;
    expect(keys(list.list)).toEqual(['chem01/', 'chem01/q_member', 'phys02/', 'phys02/q_member']);
    expect(list.total).toBe(4);
    // The other member's quota in chem01 is not theirs to see.
    const pi2 = (await otherPi.call(listQuotas, { query: {} })).data.list;
    expect(keys(pi2)).toEqual(['chem01/', 'chem01/q_other', 'phys02/', 'phys02/q_other', 'phys02/q_member']);
    const unset = pi2.find((q) => key(q) === 'phys02/q_other');
    expect(unset).toMatchObject({ coreHoursLimit: null, cardHoursLimit: null, maxRunningJobs: null, updatedBy: '' });
  });

  it('shows a PI every member quota of the accounts they own, and only theirs; scope all is for roles reading all accounts', async () => {
    const list = (await pi.call(listQuotas, { query: { scope: 'mine' } })).data.list;
    expect(keys(list)).toEqual(['chem01/', 'chem01/q_pi', 'chem01/q_member', 'chem01/q_other']);
    expect(keys(list)).not.toContain('phys02/q_member');
    const all = await pi.call(listQuotas, { query: { scope: 'all' } });
    expect([all.status, all.error?.reason]).toEqual([403, 'forbidden']);

    const viewed = (await viewer.call(listQuotas, { query: { scope: 'all' } })).data;
    expect(keys(viewed.list)).toEqual(['chem01/', 'chem01/q_member', 'chem01/q_other', 'phys02/', 'phys02/q_member']);
    const filtered = (await viewer.call(listQuotas, { query: { scope: 'all', userName: 'member' } })).data;
    expect(keys(filtered.list)).toEqual(['chem01/q_member', 'phys02/q_member']);
    const paged = (await admin.call(listQuotas, { query: { scope: 'all', pageStart: 1, pageLimit: 2 } })).data;
    expect([paged.total, keys(paged.list)]).toEqual([5, ['chem01/q_member', 'chem01/q_other']]);
  });

  it('lists through POST with X-HTTP-Method-Override: GET, and a plain POST sets', async () => {
    const listed = await viewer.raw('POST', '/jm_usermanagement/api/userquotas?scope=all&accountName=phys', {
      headers: { [OVERRIDE]: 'GET' },
    });
    expect(listed.statusCode).toBe(200);
    const data = listQuotas.data.parse(parseEnvelope(listed.body).data);
    expect(keys(data.list)).toEqual(['phys02/', 'phys02/q_member']);
    // Without the override a POST is setQuota, which the viewer may not call.
    const posted = await viewer.raw('POST', '/jm_usermanagement/api/userquotas', { body: { accountName: 'phys02' } });
    expect(posted.statusCode).toBe(403);
  });

  it('removes a quota whose limits are all none, synchronises every change into the schedulers and audits it', async () => {
    await t.app.services.accountSync.idle();
    const sync = vi.spyOn(t.app.services.accountSync, 'schedule');
    const removed = await set({ accountName: 'phys02', userName: 'q_member', cardHoursLimit: null });
    expect(removed.data).toMatchObject({ cardHoursLimit: null, coreHoursLimit: null, maxRunningJobs: null });
    expect(sync).toHaveBeenCalledTimes(1);
    sync.mockRestore();
    const all = (await admin.call(listQuotas, { query: { scope: 'all' } })).data;
    expect(keys(all.list)).not.toContain('phys02/q_member');

    // What the schedulers are asked to hold: Slurm's minutes and job counts.
    const desired = await t.app.services.accountSync.desired();
    const chem = desired.find((a) => a.name === 'chem01');
    expect(chem?.limits).toEqual({ cpuMinutes: 60_000, gpuMinutes: 3_000, maxJobs: 20 });
    expect(chem?.members.find((m) => m.user === 'q_member')?.limits).toEqual({
      cpuMinutes: 6_000,
      gpuMinutes: null,
      maxJobs: null,
    });
    expect(chem?.members.find((m) => m.user === 'q_pi')?.limits).toEqual({ cpuMinutes: null, gpuMinutes: null, maxJobs: null });
    expect(desired.find((a) => a.name === 'phys02')?.members.find((m) => m.user === 'q_member')?.limits.gpuMinutes).toBeNull();

    const audit = await waitFor(
      () =>
        t.app.services.db
          .selectFrom('audit_log')
          .select(['action', 'user_name', 'target', 'result'])
          .where('action', '=', 'quotas.setQuota')
          .where('target', '=', 'phys02 q_member core - card - jobs -')
          .executeTakeFirst(),
      'the audit line',
      10_000,
    );
    expect(audit).toMatchObject({ user_name: 'admin', result: 'success' });
  });
});
