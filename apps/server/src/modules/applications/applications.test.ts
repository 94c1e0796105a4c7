import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAccountMember,
  createAccount,
  createApplication,
  decideApplication,
  listApplications,
  modifyAccount,
  Role,
  withdrawApplication,
  type CreateApplicationBody,
} from '@portal/shared';
import { ADMIN, createTestApp, parseEnvelope, signedIn, TestClient, type TestApp } from '../../test/harness.js';

/*
 * Applications for more hours, on the real database: who applies, who decides (never the
 * applicant), the limit raised on approval, the lists each side reads, withdrawal, and the spec's
 * method override.
 */

describe('applications for hours', () => {
  let t: TestApp;
  let admin: TestClient;
  let root: TestClient;
  let pi: TestClient;
  let member: TestClient;
  let plain: TestClient;
  let otherPi: TestClient;
  let outsider: TestClient;
  let syncs = 0;

  const db = () => t.app.services.db;
  const idOf = async (table: 'users' | 'accounts', name: string) => {
    const row =
      table === 'users'
        ? await db().selectFrom('users').select('id').where('user_name', '=', name).executeTakeFirstOrThrow()
        : await db().selectFrom('accounts').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    return Number(row.id);
  };
  /** A quota row as the quotas module writes it (user '' : the account's own). */
  const setQuota = async (account: string, user: string, core: number | null, card: number | null = null) => {
    const row = {
      account_id: await idOf('accounts', account),
      user_id: user ? await idOf('users', user) : 0,
      core_hours_limit: core,
      card_hours_limit: card,
      max_running_jobs: null,
      updated_at: Date.now(),
      updated_by: 'test',
    };
    await db().deleteFrom('quotas').where('account_id', '=', row.account_id).where('user_id', '=', row.user_id).execute();
    await db().insertInto('quotas').values(row).execute();
  };
  const coreLimit = async (account: string, user: string) => {
    const row = await db()
      .selectFrom('quotas')
      .select('core_hours_limit')
      .where('account_id', '=', await idOf('accounts', account))
      .where('user_id', '=', user ? await idOf('users', user) : 0)
      .executeTakeFirst();
    return row?.core_hours_limit === null || row === undefined ? null : Number(row.core_hours_limit);
  };
  const apply = (c: TestClient, body: CreateApplicationBody) => c.call(createApplication, { body });
  const hours = (accountName: string, n: number, kind: 'coreHours' | 'cardHours' = 'coreHours'): CreateApplicationBody => ({
    kind,
    accountName,
    hours: n,
    reason: 'the simulation needs another month',
  });
  const decide = (c: TestClient, applicationId: number, decision: 'approve' | 'refuse', remark?: string) =>
    c.call(decideApplication, { params: { applicationId }, body: { decision, ...(remark ? { remark } : {}) } });

  beforeAll(async () => {
    t = await createTestApp();
    admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
    root = await signedIn(t.app, 'app_super', Role.super);
    pi = await signedIn(t.app, 'app_pi', Role.user);
    member = await signedIn(t.app, 'app_member', Role.user);
    plain = await signedIn(t.app, 'app_plain', Role.user);
    otherPi = await signedIn(t.app, 'app_other_pi', Role.user);
    outsider = await signedIn(t.app, 'app_outsider', Role.user);
    await admin.call(createAccount, { body: { accountName: 'chem01', ownerName: 'app_pi' } });
    for (const userName of ['app_member', 'app_plain'])
      await admin.call(addAccountMember, { params: { accountName: 'chem01' }, body: { userName } });
    await admin.call(createAccount, { body: { accountName: 'phys01', ownerName: 'app_other_pi' } });
    await admin.call(createAccount, { body: { accountName: 'adm01', ownerName: 'admin' } });
    await setQuota('chem01', '', 1000);
    await setQuota('chem01', 'app_member', 100);
    await setQuota('phys01', '', 50);
    await setQuota('adm01', '', 10);
    // Count the background synchronisations an approval asks for.
    t.app.services.accountSync.schedule = () => {
      syncs += 1;
    };
  });
  afterAll(async () => {
    await t.close();
  });

  it("raises a member's own limit: the account's owner approves, and the quota grows by the hours", async () => {
    const made = await apply(member, hours('chem01', 50));
    expect(made.errMsg).toBe('success');
    expect(made.data).toMatchObject({
      kind: 'coreHours',
      state: 'Pending',
      applicant: 'app_member',
      accountName: 'chem01',
      target: 'user',
      hours: 50,
      reviewer: 'ownerOrAdmin',
      canDecide: false,
      remark: '',
      decidedAt: null,
    });
    const review = await pi.call(listApplications, { query: { scope: 'review' } });
    const seen = review.data.list.find((a) => a.applicationId === made.data.applicationId);
    expect(seen?.canDecide).toBe(true);

    const before = syncs;
    const approved = await decide(pi, made.data.applicationId, 'approve', 'granted for the project');
    expect(approved.data).toMatchObject({
      state: 'Approved',
      decidedBy: 'app_pi',
      remark: 'granted for the project',
      canDecide: false,
    });
    expect(approved.data.decidedAt).not.toBeNull();
    expect(await coreLimit('chem01', 'app_member')).toBe(150);
    expect(await coreLimit('chem01', '')).toBe(1000);
    expect(syncs).toBe(before + 1);
  });

  it("raises the account's limit only by an administrator's approval, never by its owner's", async () => {
    const made = await apply(plain, hours('chem01', 500));
    expect(made.data).toMatchObject({ target: 'account', reviewer: 'admin' });
    // The owner does not review it, and cannot decide it.
    const review = await pi.call(listApplications, { query: { scope: 'review' } });
    expect(review.data.list.map((a) => a.applicationId)).not.toContain(made.data.applicationId);
    const byOwner = await decide(pi, made.data.applicationId, 'approve');
    expect([byOwner.status, byOwner.errCode, byOwner.error?.reason]).toEqual([403, 10008, 'adminDecides']);
    expect(await coreLimit('chem01', '')).toBe(1000);

    const byAdmin = await decide(admin, made.data.applicationId, 'approve');
    expect(byAdmin.data.state).toBe('Approved');
    expect(await coreLimit('chem01', '')).toBe(1500);
    // Decided once: a second decision is refused, and the limit is not raised twice.
    const again = await decide(root, made.data.applicationId, 'approve');
    expect([again.status, again.error?.reason]).toEqual([409, 'applicationNotPending']);
    expect(await coreLimit('chem01', '')).toBe(1500);
  });

  it('refuses an applicant who decides their own application, an administrator included', async () => {
    const mine = await apply(pi, hours('chem01', 20));
    const own = await decide(pi, mine.data.applicationId, 'approve');
    expect([own.status, own.errCode, own.error?.reason]).toEqual([403, 10008, 'ownApplication']);

    const adminOwn = await apply(admin, hours('adm01', 5));
    expect(adminOwn.data.canDecide).toBe(false);
    for (const decision of ['approve', 'refuse'] as const) {
      const r = await decide(admin, adminOwn.data.applicationId, decision, 'no');
      expect([r.status, r.errCode, r.error?.reason]).toEqual([403, 10008, 'ownApplication']);
    }
    expect(await coreLimit('adm01', '')).toBe(10);
    // Another administrator may.
    expect((await decide(root, adminOwn.data.applicationId, 'approve')).data.state).toBe('Approved');
    expect(await coreLimit('adm01', '')).toBe(15);
  });

  it("lets no account owner decide another account's application: to them it does not exist", async () => {
    const made = await apply(member, hours('chem01', 7));
    const r = await decide(otherPi, made.data.applicationId, 'approve');
    expect([r.status, r.error?.reason]).toEqual([404, 'notFound']);
    const unknown = await decide(admin, 999_999, 'approve');
    expect([unknown.status, unknown.error?.reason]).toEqual([404, 'notFound']);
    await member.call(withdrawApplication, { params: { applicationId: made.data.applicationId } });
  });

  it('refuses with a remark, and not without one', async () => {
    const made = await apply(member, hours('chem01', 30));
    const bare = await admin.callUnchecked(decideApplication, {
      params: { applicationId: made.data.applicationId },
      body: { decision: 'refuse' },
    });
    expect([bare.status, bare.errCode]).toEqual([400, 10003]);
    expect(JSON.stringify(bare.error)).toContain('remark');
    const refused = await decide(pi, made.data.applicationId, 'refuse', 'use the spare allocation first');
    expect(refused.data).toMatchObject({ state: 'Refused', remark: 'use the spare allocation first', decidedBy: 'app_pi' });
    expect(await coreLimit('chem01', 'app_member')).toBe(150);
  });

  it('checks what is applied for: the limit, the membership, the account, one pending at a time', async () => {
    const noLimit = await apply(member, hours('chem01', 5, 'cardHours'));
    expect([noLimit.status, noLimit.error?.reason]).toEqual([400, 'noQuotaLimit']);
    expect(noLimit.errMsg).toBe('The account chem01 has no card-hour limit: nothing to apply for');
    const stranger = await apply(outsider, hours('chem01', 5));
    expect([stranger.status, stranger.error?.reason]).toEqual([400, 'notAccountMember']);
    const missing = await apply(member, hours('nope01', 5));
    expect([missing.status, missing.error?.reason]).toEqual([404, 'accountNotFound']);
    const noReason = await member.callUnchecked(createApplication, { body: { ...hours('chem01', 5), reason: ' ' } });
    expect([noReason.status, noReason.errCode]).toEqual([400, 10004]);

    const first = await apply(member, hours('chem01', 5));
    const second = await apply(member, hours('chem01', 9));
    expect([second.status, second.error?.reason, second.error?.applicationId]).toEqual([
      409,
      'applicationPending',
      first.data.applicationId,
    ]);
    await member.call(withdrawApplication, { params: { applicationId: first.data.applicationId } });
    const third = await apply(member, hours('chem01', 9));
    expect(third.data.state).toBe('Pending');
    await member.call(withdrawApplication, { params: { applicationId: third.data.applicationId } });
  });

  it('refuses applications for a frozen or disabled account with the accounts module words', async () => {
    await admin.call(modifyAccount, { params: { accountName: 'phys01' }, body: { status: 'Frozen' } });
    const frozen = await apply(otherPi, hours('phys01', 5));
    expect([frozen.status, frozen.errCode, frozen.error?.reason]).toEqual([403, 10008, 'accountFrozen']);
    await admin.call(modifyAccount, { params: { accountName: 'phys01' }, body: { status: 'Disable' } });
    const disabled = await apply(otherPi, hours('phys01', 5));
    expect([disabled.status, disabled.errCode, disabled.error?.reason]).toEqual([403, 10007, 'accountDisabled']);
    await admin.call(modifyAccount, { params: { accountName: 'phys01' }, body: { status: 'Normal' } });
  });

  it('marks an approval Failed when the limit is gone, and raises nothing', async () => {
    await setQuota('phys01', '', 50);
    const made = await apply(otherPi, hours('phys01', 25));
    await setQuota('phys01', '', null);
    const r = await decide(admin, made.data.applicationId, 'approve');
    expect(r.errCode).toBe(0);
    expect(r.data.state).toBe('Failed');
    expect(r.data.error).toContain('no longer has a core-hour limit');
    expect(await coreLimit('phys01', '')).toBeNull();
  });

  it('keeps viewers and auditors out', async () => {
    for (const role of [Role.viewer, Role.auditor]) {
      const c = await signedIn(t.app, `app_role_${role}`, role);
      const made = await c.call(createApplication, { body: hours('chem01', 5) });
      expect([made.status, made.errCode]).toEqual([403, 10008]);
      expect((await c.call(listApplications, { query: {} })).status).toBe(403);
      expect((await decide(c, 1, 'approve')).status).toBe(403);
    }
  });

  it("lists the caller's own newest first, and what each reviewer reviews pending first", async () => {
    const mine = (await member.call(listApplications, { query: {} })).data;
    expect(mine.list.every((a) => a.applicant === 'app_member')).toBe(true);
    const times = mine.list.map((a) => a.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(mine.total).toBe(mine.list.length);

    const owner = (await pi.call(listApplications, { query: { scope: 'review', pageLimit: 100 } })).data.list;
    expect(owner.length).toBeGreaterThan(0);
    expect(owner.every((a) => a.accountName === 'chem01' && a.reviewer === 'ownerOrAdmin')).toBe(true);

    const all = (await admin.call(listApplications, { query: { scope: 'review', pageLimit: 100 } })).data;
    expect(new Set(all.list.map((a) => a.accountName))).toEqual(new Set(['chem01', 'adm01', 'phys01']));
    const firstDone = all.list.findIndex((a) => a.state !== 'Pending');
    expect(all.list.slice(firstDone).some((a) => a.state === 'Pending')).toBe(false);
    expect(all.list.filter((a) => a.canDecide).every((a) => a.state === 'Pending' && a.applicant !== 'admin')).toBe(true);

    const filtered = await admin.call(listApplications, {
      query: { scope: 'review', state: 'Approved', kind: 'coreHours', accountName: 'chem', pageLimit: 1 },
    });
    expect(filtered.data.total).toBe(2);
    expect(filtered.data.list).toHaveLength(1);
    expect(filtered.data.list[0]).toMatchObject({ state: 'Approved', kind: 'coreHours', accountName: 'chem01' });
  });

  it('lets only the applicant withdraw, while pending', async () => {
    const made = await apply(plain, hours('chem01', 3));
    const id = made.data.applicationId;
    const byOwner = await pi.call(withdrawApplication, { params: { applicationId: id } });
    expect([byOwner.status, byOwner.error?.reason]).toEqual([403, 'notApplicant']);
    const byStranger = await outsider.call(withdrawApplication, { params: { applicationId: id } });
    expect([byStranger.status, byStranger.error?.reason]).toEqual([404, 'notFound']);
    expect((await plain.call(withdrawApplication, { params: { applicationId: id } })).errCode).toBe(0);
    const mine = (await plain.call(listApplications, { query: { state: 'Withdrawn' } })).data.list;
    expect(mine.find((a) => a.applicationId === id)).toMatchObject({ state: 'Withdrawn', canDecide: false });
    const twice = await plain.call(withdrawApplication, { params: { applicationId: id } });
    expect([twice.status, twice.error?.reason]).toEqual([409, 'applicationNotPending']);
    const late = await decide(admin, id, 'approve');
    expect([late.status, late.error?.reason]).toEqual([409, 'applicationNotPending']);
  });

  it('answers the spec clients that only POST, with X-HTTP-Method-Override', async () => {
    const made = await apply(member, hours('chem01', 4));
    const id = made.data.applicationId;
    const path = `/jm_approvemanangement/api/applications`;
    const listed = await member.raw('POST', path, { headers: { 'x-http-method-override': 'GET' }, query: { kind: 'coreHours' } });
    expect(listed.statusCode).toBe(200);
    const page = listApplications.data.parse(parseEnvelope(listed.body).data);
    expect(page.list.map((a) => a.applicationId)).toContain(id);

    const put = await pi.raw('POST', `${path}/${id}`, {
      headers: { 'x-http-method-override': 'PUT' },
      body: { decision: 'refuse', remark: 'not this month' },
    });
    expect(parseEnvelope(put.body)).toMatchObject({ errCode: 0, data: { state: 'Refused', remark: 'not this month' } });

    const other = await apply(member, hours('chem01', 4));
    const del = await member.raw('POST', `${path}/${other.data.applicationId}`, {
      headers: { 'x-http-method-override': 'DELETE' },
    });
    expect(parseEnvelope(del.body).errCode).toBe(0);
    const state = (await member.call(listApplications, { query: { state: 'Withdrawn', pageLimit: 100 } })).data.list;
    expect(state.map((a) => a.applicationId)).toContain(other.data.applicationId);
  });

  it('writes each decision to the audit log, without the reason or the remark', async () => {
    const rows = await db()
      .selectFrom('audit_log')
      .select(['action', 'user_name', 'target', 'result'])
      .where('action', 'like', 'applications.%')
      .execute();
    const decided = rows.filter((r) => r.action === 'applications.decideApplication');
    expect(decided.some((r) => r.user_name === 'app_pi' && /approve coreHours chem01 \+50h user → Approved/.test(r.target))).toBe(
      true,
    );
    expect(decided.some((r) => r.result === 'failure' && r.user_name === 'admin')).toBe(true);
    expect(rows.some((r) => r.target.includes('spare allocation') || r.target.includes('simulation'))).toBe(false);
  });
});
