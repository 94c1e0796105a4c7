import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createOrgUnit,
  deleteOrgUnit,
  listOrgUnits,
  modifyOrgUnit,
  modifyUser,
  queryUser,
  Role,
} from '@portal/shared';
import { ADMIN, createTestApp, createUser, signedIn, TestClient, type TestApp } from '../../test/harness.js';

/* Companies and departments: a tree an administrator shapes; everyone but the auditor reads it. */

describe('companies and departments', () => {
  let t: TestApp;
  let admin: TestClient;
  let user: TestClient;
  const create = async (name: string, kind: 'company' | 'department', parentId?: number) => {
    const res = await admin.call(createOrgUnit, { body: { name, kind, ...(parentId ? { parentId } : {}) } });
    expect(res.errMsg).toBe('success');
    return res.data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
    user = await signedIn(t.app, 'org_user', Role.user);
  });
  afterAll(() => t.close());

  it('creates companies at the top and departments under a company or department', async () => {
    const physics = await create('Physics Institute', 'company');
    const theory = await create('Theory', 'department', physics.id);
    const strings = await create('Strings', 'department', theory.id);
    expect(physics).toMatchObject({ kind: 'company', parentId: null, childCount: 0 });
    expect(strings).toMatchObject({ kind: 'department', parentId: theory.id });

    const companyWithParent = await admin.call(createOrgUnit, {
      body: { name: 'Nested Co', kind: 'company', parentId: physics.id },
    });
    expect([companyWithParent.status, companyWithParent.error?.reason]).toEqual([400, 'orgUnitBadParent']);
    const orphan = await admin.call(createOrgUnit, { body: { name: 'Orphan', kind: 'department' } });
    expect(orphan.error?.reason).toBe('orgUnitBadParent');
    const unknownParent = await admin.call(createOrgUnit, { body: { name: 'Lost', kind: 'department', parentId: 987_654 } });
    expect([unknownParent.status, unknownParent.error?.reason]).toEqual([404, 'orgUnitNotFound']);

    const list = (await user.call(listOrgUnits)).data.list;
    expect(list.find((u) => u.id === physics.id)).toMatchObject({ childCount: 1 });
    expect(list.find((u) => u.id === theory.id)).toMatchObject({ childCount: 1 });
  });

  it('keeps names unique among siblings only', async () => {
    const a = await create('Company A', 'company');
    const b = await create('Company B', 'company');
    await create('Lab', 'department', a.id);
    await create('Lab', 'department', b.id);
    const twin = await admin.call(createOrgUnit, { body: { name: 'Lab', kind: 'department', parentId: a.id } });
    expect([twin.status, twin.error?.reason]).toEqual([409, 'orgUnitExists']);
    const twinCompany = await admin.call(createOrgUnit, { body: { name: 'Company A', kind: 'company' } });
    expect([twinCompany.status, twinCompany.error?.reason]).toEqual([409, 'orgUnitExists']);
    const rename = await admin.call(modifyOrgUnit, { params: { id: String(b.id) }, body: { name: 'Company A' } });
    expect(rename.status).toBe(409);
    // Two at the same moment: one wins, the other hears 409, never a 500.
    const both = await Promise.all([1, 2].map(() => admin.call(createOrgUnit, { body: { name: 'Racing Co', kind: 'company' } })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('renames and moves departments, never below themselves, and never moves a company', async () => {
    const co = await create('Move Co', 'company');
    const other = await create('Other Co', 'company');
    const dept = await create('Dept', 'department', co.id);
    const sub = await create('Sub', 'department', dept.id);

    const renamed = await admin.call(modifyOrgUnit, { params: { id: String(dept.id) }, body: { name: 'Department' } });
    expect(renamed.data).toMatchObject({ name: 'Department', parentId: co.id });
    const intoSelf = await admin.call(modifyOrgUnit, { params: { id: String(dept.id) }, body: { parentId: dept.id } });
    expect([intoSelf.status, intoSelf.error?.reason]).toEqual([400, 'orgUnitBadParent']);
    const belowSelf = await admin.call(modifyOrgUnit, { params: { id: String(dept.id) }, body: { parentId: sub.id } });
    expect(belowSelf.error?.reason).toBe('orgUnitBadParent');
    const companyMoved = await admin.call(modifyOrgUnit, { params: { id: String(co.id) }, body: { parentId: other.id } });
    expect(companyMoved.error?.reason).toBe('orgUnitBadParent');
    const toTop = await admin.call(modifyOrgUnit, { params: { id: String(dept.id) }, body: { parentId: '' } });
    expect(toTop.error?.reason).toBe('orgUnitBadParent');

    const moved = await admin.call(modifyOrgUnit, { params: { id: String(dept.id) }, body: { parentId: other.id } });
    expect(moved.data).toMatchObject({ parentId: other.id, childCount: 1 });
    const missing = await admin.call(modifyOrgUnit, { params: { id: '987654' }, body: { name: 'X' } });
    expect([missing.status, missing.error?.reason]).toEqual([404, 'orgUnitNotFound']);
  });

  it('refuses to delete a unit that holds departments, users or accounts, saying what it holds', async () => {
    const co = await create('Full Co', 'company');
    const dept = await create('Full Dept', 'department', co.id);
    await createUser(t.app, 'placed_user');
    await admin.call(modifyUser, { body: { userName: 'placed_user', departmentId: dept.id } });
    expect((await admin.call(queryUser, { body: { userName: 'placed_user' } })).data.list[0]).toMatchObject({
      company: 'Full Co',
      department: 'Full Dept',
      departmentId: dept.id,
    });
    await admin.call(createAccount, { body: { accountName: 'full_acct', ownerName: 'placed_user', orgUnitId: dept.id } });

    const parent = await admin.call(deleteOrgUnit, { params: { id: String(co.id) } });
    expect([parent.status, parent.error?.reason]).toEqual([409, 'orgUnitNotEmpty']);
    expect(parent.error).toMatchObject({ departments: 1, users: 0, accounts: 0 });
    expect(parent.errMsg).toBe('Full Co still holds 1 department: move or remove them first');

    const held = await admin.call(deleteOrgUnit, { params: { id: String(dept.id) } });
    expect(held.error).toMatchObject({ reason: 'orgUnitNotEmpty', departments: 0, users: 1, accounts: 1 });
    expect(held.errMsg).toBe('Full Dept still holds 1 user and 1 account: move or remove them first');

    const empty = await create('Empty Co', 'company');
    expect((await admin.call(deleteOrgUnit, { params: { id: String(empty.id) } })).errCode).toBe(0);
    expect((await admin.call(listOrgUnits)).data.list.some((u) => u.id === empty.id)).toBe(false);
    expect((await admin.call(deleteOrgUnit, { params: { id: String(empty.id) } })).status).toBe(404);
  });

  it('lets only administrators shape it; the auditor does not read it', async () => {
    const denied = await user.call(createOrgUnit, { body: { name: 'Mine', kind: 'company' } });
    expect(denied.status).toBe(403);
    const viewer = await signedIn(t.app, 'org_viewer', Role.viewer);
    expect((await viewer.call(listOrgUnits)).errCode).toBe(0);
    expect((await viewer.call(deleteOrgUnit, { params: { id: '1' } })).status).toBe(403);
    const auditor = await signedIn(t.app, 'org_auditor', Role.auditor);
    expect((await auditor.call(listOrgUnits)).status).toBe(403);
  });
});
