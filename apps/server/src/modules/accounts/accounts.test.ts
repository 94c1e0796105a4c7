import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAccountMember,
  createAccount,
  createOrgUnit,
  deleteAccount,
  freezeUser,
  getAccount,
  getIndexData,
  listAccounts,
  modifyAccount,
  modifyUser,
  queryUser,
  queryUserInfo,
  removeAccountMember,
  Role,
  setDefaultAccount,
} from '@portal/shared';
import { ADMIN, createTestApp, createUser, signedIn, TestClient, type TestApp } from '../../test/harness.js';

/* Accounts: who reads and changes what, the default account, queryUserInfo and the session's status. */

describe('accounts', () => {
  let t: TestApp;
  let admin: TestClient;
  let pi: TestClient;
  let otherPi: TestClient;
  let member: TestClient;
  let viewer: TestClient;
  let auditor: TestClient;
  let deptId: number;

  const make = async (
    accountName: string,
    ownerName: string,
    extra: { orgUnitId?: number; status?: 'Normal' | 'Trial' | 'Frozen' | 'Disable' } = {},
  ) => {
    const res = await admin.call(createAccount, {
      body: { accountName, ownerName, description: `${accountName} project`, ...extra },
    });
    expect(res.errMsg).toBe('success');
    return res.data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
    pi = await signedIn(t.app, 'pi_paula', Role.user);
    otherPi = await signedIn(t.app, 'pi_oscar', Role.user);
    member = await signedIn(t.app, 'mem_mia', Role.user);
    viewer = await signedIn(t.app, 'view_vic', Role.viewer);
    auditor = await signedIn(t.app, 'aud_ada', Role.auditor);
    const co = (await admin.call(createOrgUnit, { body: { name: 'Physics Institute', kind: 'company' } })).data;
    deptId = (await admin.call(createOrgUnit, { body: { name: 'Theory', kind: 'department', parentId: co.id } })).data.id;
    await make('physics', 'pi_paula', { orgUnitId: deptId });
    await make('oscar_lab', 'pi_oscar');
  });
  afterAll(() => t.close());

  it('makes the owner the first member, with the account as default, and names its company and department', async () => {
    const mine = await pi.call(listAccounts);
    expect(mine.data.total).toBe(1);
    expect(mine.data.list[0]).toMatchObject({
      accountName: 'physics',
      description: 'physics project',
      status: 'Normal',
      ownerName: 'pi_paula',
      orgUnitId: deptId,
      company: 'Physics Institute',
      department: 'Theory',
      memberCount: 1,
      isDefault: true,
      isOwner: true,
      isMember: true,
    });
    const dup = await admin.call(createAccount, { body: { accountName: 'physics', ownerName: 'pi_oscar' } });
    expect([dup.status, dup.error?.reason]).toEqual([409, 'accountExists']);
    const racing = await Promise.all(
      [1, 2].map(() => admin.call(createAccount, { body: { accountName: 'racing', ownerName: 'pi_oscar' } })),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await admin.call(deleteAccount, { params: { accountName: 'racing' } })).errCode).toBe(0);
    const ghost = await admin.call(createAccount, { body: { accountName: 'ghost_acct', ownerName: 'nobody_here' } });
    expect([ghost.status, ghost.error?.reason]).toEqual([404, 'userNotFound']);
    const badName = await admin.callUnchecked(createAccount, { body: { accountName: 'Not-Valid', ownerName: 'pi_oscar' } });
    expect(badName.errCode).toBe(10004);
  });

  it('lets a PI manage the members of their own account, and refuses them another one (403 notAccountOwner)', async () => {
    const added = await pi.call(addAccountMember, { params: { accountName: 'physics' }, body: { userName: 'mem_mia' } });
    expect(added.errMsg).toBe('success');
    expect(added.data.members.map((m) => [m.userName, m.isOwner, m.isDefault])).toEqual([
      ['mem_mia', false, true],
      ['pi_paula', true, true],
    ]);
    expect(added.data.members[0]?.addedBy).toBe('pi_paula');

    const foreign = await pi.call(addAccountMember, { params: { accountName: 'oscar_lab' }, body: { userName: 'mem_mia' } });
    expect([foreign.status, foreign.errCode, foreign.error?.reason]).toEqual([403, 10008, 'notAccountOwner']);
    const foreignRemove = await pi.call(removeAccountMember, { params: { accountName: 'oscar_lab', userName: 'pi_oscar' } });
    expect(foreignRemove.error?.reason).toBe('notAccountOwner');
    // A plain member is no owner either.
    const byMember = await member.call(addAccountMember, { params: { accountName: 'physics' }, body: { userName: 'pi_oscar' } });
    expect(byMember.error?.reason).toBe('notAccountOwner');
    // The owner stays.
    const owner = await pi.call(removeAccountMember, { params: { accountName: 'physics', userName: 'pi_paula' } });
    expect([owner.status, owner.error?.reason]).toEqual([409, 'accountHasMembers']);
  });

  it('lets a user neither create accounts nor read them all; the viewer reads all but changes nothing; the auditor gets 403', async () => {
    expect((await pi.call(createAccount, { body: { accountName: 'sneaky', ownerName: 'pi_paula' } })).status).toBe(403);
    expect((await pi.call(modifyAccount, { params: { accountName: 'physics' }, body: { status: 'Normal' } })).status).toBe(403);
    expect((await pi.call(deleteAccount, { params: { accountName: 'physics' } })).status).toBe(403);
    const all = await pi.call(listAccounts, { query: { scope: 'all' } });
    expect([all.status, all.error?.reason]).toEqual([403, 'forbidden']);
    expect((await pi.call(getAccount, { params: { accountName: 'oscar_lab' } })).status).toBe(403);

    const viewed = await viewer.call(listAccounts, { query: { scope: 'all', pageLimit: 10 } });
    expect(viewed.data.list.map((a) => a.accountName)).toEqual(['oscar_lab', 'physics']);
    expect(viewed.data.list.every((a) => !a.isMember && !a.isOwner && !a.isDefault)).toBe(true);
    expect((await viewer.call(getAccount, { params: { accountName: 'physics' } })).data.memberCount).toBe(2);
    expect((await viewer.call(createAccount, { body: { accountName: 'viewers', ownerName: 'view_vic' } })).status).toBe(403);
    expect(
      (await viewer.call(addAccountMember, { params: { accountName: 'physics' }, body: { userName: 'view_vic' } })).status,
    ).toBe(403);

    expect((await auditor.call(listAccounts)).status).toBe(403);
    expect((await auditor.call(queryUserInfo, { body: {} })).status).toBe(403);
    expect((await auditor.call(getAccount, { params: { accountName: 'physics' } })).status).toBe(403);
  });

  it('pages by 1 unless asked (spec section 9), the default account first when no sort is given', async () => {
    await make('alpha_acct', 'pi_oscar');
    await admin.call(addAccountMember, { params: { accountName: 'alpha_acct' }, body: { userName: 'mem_mia' } });
    // mem_mia: physics (default, joined first) and alpha_acct.
    const first = await member.call(listAccounts);
    expect(first.data.total).toBe(2);
    expect(first.data.list.map((a) => [a.accountName, a.isDefault])).toEqual([['physics', true]]);
    const both = await member.call(listAccounts, { query: { pageLimit: 10 } });
    expect(both.data.list.map((a) => a.accountName)).toEqual(['physics', 'alpha_acct']);
    const byName = await member.call(listAccounts, { query: { pageLimit: 10, sort: 'accountName', orderBy: 'asc' } });
    expect(byName.data.list.map((a) => a.accountName)).toEqual(['alpha_acct', 'physics']);
    const byMembers = await admin.call(listAccounts, {
      query: { scope: 'all', pageLimit: 10, sort: 'memberCount', orderBy: 'desc' },
    });
    expect(byMembers.data.list.map((a) => [a.accountName, a.memberCount])).toEqual([
      ['alpha_acct', 2],
      ['physics', 2],
      ['oscar_lab', 1],
    ]);
    const byStatus = await admin.call(listAccounts, { query: { scope: 'all', pageLimit: 10, sort: 'status', status: 'Normal' } });
    expect(byStatus.data.total).toBe(3);
    const second = await member.call(listAccounts, { query: { pageStart: 1 } });
    expect(second.data.list.map((a) => a.accountName)).toEqual(['alpha_acct']);
    // Filters: by department (its subtree), by status, by name.
    const inTheory = await admin.call(listAccounts, { query: { scope: 'all', orgUnitId: deptId, pageLimit: 10 } });
    expect(inTheory.data.list.map((a) => a.accountName)).toEqual(['physics']);
    const named = await admin.call(listAccounts, { query: { scope: 'all', accountName: 'LAB', pageLimit: 10 } });
    expect(named.data.list.map((a) => a.accountName)).toEqual(['oscar_lab']);

    // Changing the default puts the other first.
    const notMine = await member.call(setDefaultAccount, { params: { accountName: 'oscar_lab' } });
    expect(notMine.error?.reason).toBe('notAccountMember');
    expect((await member.call(setDefaultAccount, { params: { accountName: 'alpha_acct' } })).errCode).toBe(0);
    expect((await member.call(listAccounts)).data.list.map((a) => [a.accountName, a.isDefault])).toEqual([['alpha_acct', true]]);
    expect((await admin.call(queryUser, { body: { userName: 'mem_mia' } })).data.list[0]?.defaultAccount).toBe('alpha_acct');
  });

  it('answers queryUserInfo with groups, account, status, company and department', async () => {
    await admin.call(modifyUser, { body: { userName: 'mem_mia', groupName: 'theorists', departmentId: deptId } });
    const own = await member.call(queryUserInfo, { body: {} });
    expect(own.data).toMatchObject({
      userName: 'mem_mia',
      groupName: 'theorists',
      mainGroup: 'alpha_acct',
      subsidiaryGroup: ['physics'],
      account: 'alpha_acct',
      accountStatus: 'Normal',
      departmentId: deptId,
      company: 'Physics Institute',
      department: 'Theory',
    });
    expect(own.data.accounts).toEqual([
      { accountName: 'alpha_acct', status: 'Normal', isDefault: true, isOwner: false },
      { accountName: 'physics', status: 'Normal', isDefault: false, isOwner: false },
    ]);
    expect((await member.call(queryUserInfo, { body: { userName: 'pi_paula' } })).status).toBe(403);
    expect((await viewer.call(queryUserInfo, { body: { userName: 'mem_mia' } })).data.mainGroup).toBe('alpha_acct');
    // No account at all: empty groups, Normal.
    expect((await viewer.call(queryUserInfo, { body: {} })).data).toMatchObject({
      mainGroup: '',
      subsidiaryGroup: [],
      account: '',
      accountStatus: 'Normal',
    });
  });

  it("reports acAccountStatus Disable while the user's default account is disabled", async () => {
    expect((await member.call(getIndexData)).data.acAccountStatus).toBe('Normal');
    await admin.call(modifyAccount, { params: { accountName: 'alpha_acct' }, body: { status: 'Disable' } });
    expect((await member.call(getIndexData)).data.acAccountStatus).toBe('Disable');
    expect((await member.call(queryUserInfo, { body: {} })).data.accountStatus).toBe('Disable');
    // Frozen is not "disabled" in the spec's sense.
    await admin.call(modifyAccount, { params: { accountName: 'alpha_acct' }, body: { status: 'Frozen' } });
    expect((await member.call(getIndexData)).data.acAccountStatus).toBe('Normal');
    await admin.call(modifyAccount, { params: { accountName: 'alpha_acct' }, body: { status: 'Normal' } });
  });

  it('moves a removed default elsewhere, makes a new owner a member, deletes only an account left to its owner', async () => {
    const removed = await pi.call(removeAccountMember, { params: { accountName: 'physics', userName: 'mem_mia' } });
    expect(removed.data.members.map((m) => m.userName)).toEqual(['pi_paula']);
    // alpha_acct was her default already; now remove it: she holds nothing.
    await admin.call(removeAccountMember, { params: { accountName: 'alpha_acct', userName: 'mem_mia' } });
    expect((await member.call(listAccounts)).data.total).toBe(0);

    await pi.call(addAccountMember, { params: { accountName: 'physics' }, body: { userName: 'mem_mia' } });
    await admin.call(addAccountMember, { params: { accountName: 'alpha_acct' }, body: { userName: 'mem_mia', isDefault: true } });
    expect((await member.call(queryUserInfo, { body: {} })).data.mainGroup).toBe('alpha_acct');
    await admin.call(removeAccountMember, { params: { accountName: 'alpha_acct', userName: 'mem_mia' } });
    expect((await member.call(queryUserInfo, { body: {} })).data).toMatchObject({ mainGroup: 'physics', subsidiaryGroup: [] });
    const notIn = await admin.call(removeAccountMember, { params: { accountName: 'alpha_acct', userName: 'mem_mia' } });
    expect(notIn.error?.reason).toBe('notAccountMember');

    const changed = await admin.call(modifyAccount, { params: { accountName: 'oscar_lab' }, body: { ownerName: 'mem_mia' } });
    expect(changed.data).toMatchObject({ ownerName: 'mem_mia', memberCount: 2 });
    expect((await member.call(getAccount, { params: { accountName: 'oscar_lab' } })).data.isOwner).toBe(true);
    // The new owner manages its members now; the old one, still a member, no longer does.
    expect(
      (await otherPi.call(addAccountMember, { params: { accountName: 'oscar_lab' }, body: { userName: 'pi_paula' } })).status,
    ).toBe(403);

    const busy = await admin.call(deleteAccount, { params: { accountName: 'oscar_lab' } });
    expect([busy.status, busy.error?.reason]).toEqual([409, 'accountHasMembers']);
    await member.call(removeAccountMember, { params: { accountName: 'oscar_lab', userName: 'pi_oscar' } });
    expect((await admin.call(deleteAccount, { params: { accountName: 'oscar_lab' } })).errCode).toBe(0);
    expect((await admin.call(getAccount, { params: { accountName: 'oscar_lab' } })).status).toBe(404);
    expect((await member.call(queryUserInfo, { body: {} })).data).toMatchObject({ mainGroup: 'physics' });
  });

  it('adds only active users', async () => {
    await createUser(t.app, 'frozen_fred');
    expect((await admin.call(freezeUser, { body: { userName: 'frozen_fred' } })).errCode).toBe(0);
    const res = await pi.call(addAccountMember, { params: { accountName: 'physics' }, body: { userName: 'frozen_fred' } });
    expect(res.error?.reason).toBe('userNotFound');
    expect(res.status).toBe(400);
  });
});
