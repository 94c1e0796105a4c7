import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveUser,
  createOrgUnit,
  freezeUser,
  getIndexData,
  listKeys,
  modifyUser,
  provisionUser,
  queryPendingUserInfo,
  queryUser,
  refuseUser,
  Role,
  unfreezeUser,
  type RoleId,
} from '@portal/shared';
import { waitFor } from '../../cluster/scheduler/scheduler-contract.test-support.js';
import { ADMIN, createTestApp, createUser, TestClient, type TestApp } from '../../test/harness.js';
import { hashPassword } from './password.js';
import { newUserRow } from './users.repository.js';

/* What administrators do with accounts: approve, refuse, list, change, freeze. */

const PASSWORD = 'Passw0rd!x';
let passwordHash: Promise<string> | undefined;

/** A registered user waiting for approval, registered `order` milliseconds after a fixed start. */
const createPending = async (t: TestApp, userName: string, order = 0) => {
  passwordHash ??= hashPassword(PASSWORD);
  await t.app.services.usersRepo.insert(
    newUserRow(
      {
        user_name: userName,
        password_hash: await passwordHash,
        role_id: Role.user,
        status: 'pending',
        email: `${userName}@example.com`,
        created_at: 1_700_000_000_000 + order,
        password_changed_at: 0,
      },
      0,
    ),
  );
};

let ipCounter = 0;
const browser = (t: TestApp) => new TestClient(t.app, `10.40.0.${++ipCounter}`);
const signIn = async (t: TestApp, userName: string, password = PASSWORD) => {
  const client = browser(t);
  const res = await client.login(userName, password);
  expect(res.errCode, `sign-in of ${userName}: ${res.errMsg}`).toBe(0);
  return client;
};
const names = (res: { data: { list: { userName: string }[] } }) => res.data.list.map((u) => u.userName);

describe('approval of registered users', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, ADMIN.user, ADMIN.password);
    for (let i = 1; i <= 5; i++) await createPending(t, `pend_0${i}`, i);
    await createPending(t, 'Other_Pending', 10);
    await createUser(t.app, 'already_active');
  });
  afterAll(() => t.close());

  it('lists only pending users, oldest first, paged by row offset and size', async () => {
    const all = await admin.call(queryPendingUserInfo, { body: {} });
    expect(all.data.total).toBe(6);
    expect(names(all)).toEqual(['pend_01', 'pend_02', 'pend_03', 'pend_04', 'pend_05', 'Other_Pending']);
    expect(all.data.list.every((u: { status: string }) => u.status === 'pending')).toBe(true);

    const page = await admin.call(queryPendingUserInfo, { body: { pageStart: 2, pageLimit: 2 } });
    expect(page.data.total).toBe(6);
    expect(names(page)).toEqual(['pend_03', 'pend_04']);

    const last = await admin.call(queryPendingUserInfo, { body: { pageStart: 5, pageLimit: 2 } });
    expect(names(last)).toEqual(['Other_Pending']);
    // Legacy clients post forms: numbers arrive as text.
    const form = await admin.callUnchecked(queryPendingUserInfo, { body: { pageStart: '4', pageLimit: '1' }, form: true });
    expect(names(form)).toEqual(['pend_05']);
  });

  it('filters pending users by a part of the name, ignoring letter case', async () => {
    const res = await admin.call(queryPendingUserInfo, { body: { userName: 'other' } });
    expect(res.data.total).toBe(1);
    expect(names(res)).toEqual(['Other_Pending']);
    // LIKE wildcards are taken literally.
    expect((await admin.call(queryPendingUserInfo, { body: { userName: '%' } })).data.total).toBe(0);
  });

  it('approves several users at once with a role; they sign in and have a portal SSH key', async () => {
    const res = await admin.call(approveUser, { body: { userNames: ['pend_01', 'pend_02'], roleId: Role.hpc } });
    expect(res.errCode).toBe(0);
    expect(res.data.approved).toEqual(['pend_01', 'pend_02']);

    for (const name of ['pend_01', 'pend_02']) {
      const me = await signIn(t, name);
      expect((await me.call(getIndexData)).data.roleId).toBe(10004);
      const keys = await me.call(listKeys);
      expect(keys.data).toHaveLength(1);
      expect(keys.data[0]).toMatchObject({
        origin: 'portal',
        type: 'ssh-ed25519',
        fingerprint: expect.stringMatching(/^SHA256:/),
      });
    }
    const listed = await admin.call(queryUser, { body: { userName: 'pend_01' } });
    expect(listed.data.list[0]).toMatchObject({ status: 'active', roleId: 10004, approvedBy: 'admin' });
    expect(listed.data.list[0]?.approvedAt).not.toBeNull();
    expect(names(await admin.call(queryPendingUserInfo, { body: {} }))).not.toContain('pend_01');
  });

  it('approves as role user by default, and takes a comma-separated list from a form', async () => {
    const res = await admin.callUnchecked(approveUser, { body: { userNames: 'pend_03,pend_04' }, form: true });
    expect(res.data.approved).toEqual(['pend_03', 'pend_04']);
    expect((await (await signIn(t, 'pend_03')).call(getIndexData)).data.roleId).toBe(10002);
  });

  it('approves nobody when one of the names is not waiting, or does not exist', async () => {
    const notPending = await admin.call(approveUser, { body: { userNames: ['pend_05', 'already_active'] } });
    expect(notPending.errCode).toBe(10004);
    expect(notPending.error?.reason).toBe('notPending');
    const unknown = await admin.call(approveUser, { body: { userNames: ['pend_05', 'ghost_user'] } });
    expect(unknown.status).toBe(404);
    expect(unknown.error?.reason).toBe('userNotFound');
    expect(names(await admin.call(queryPendingUserInfo, { body: {} }))).toContain('pend_05');
  });

  it('refuses with a reason the user sees at sign-in; a refused user can be approved later', async () => {
    const res = await admin.call(refuseUser, {
      body: { userNames: ['pend_05'], reason: 'Please register with your institute e-mail' },
    });
    expect(res.data.refused).toEqual(['pend_05']);
    const listed = await admin.call(queryUser, { body: { userName: 'pend_05' } });
    expect(listed.data.list[0]).toMatchObject({ status: 'refused', refuseReason: 'Please register with your institute e-mail' });

    const attempt = await browser(t).login('pend_05', PASSWORD);
    expect(attempt.error?.reason).toBe('userRefused');
    expect(attempt.error?.refuseReason).toBe('Please register with your institute e-mail');

    // Refusing twice is refused; approving afterwards works and clears the reason.
    expect((await admin.call(refuseUser, { body: { userNames: ['pend_05'] } })).error?.reason).toBe('notPending');
    expect((await admin.call(approveUser, { body: { userNames: ['pend_05'] } })).errCode).toBe(0);
    expect((await admin.call(queryUser, { body: { userName: 'pend_05' } })).data.list[0]?.refuseReason).toBe('');
    await signIn(t, 'pend_05');
  });
});

describe('user list and changes', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    // No captcha before the lock, so the lock test can fail five times in a row.
    t = await createTestApp({ auth: { captchaAfterFailures: 10 } });
    admin = await signIn(t, ADMIN.user, ADMIN.password);
    const people: [string, RoleId][] = [
      ['alice', Role.user],
      ['bob', Role.hpc],
      ['carol', Role.user],
      ['dave', Role.viewer],
      ['eve', Role.auditor],
    ];
    for (const [name, role] of people) await createUser(t.app, name, role);
    await createPending(t, 'frank');
  });
  afterAll(() => t.close());

  it('lists every user sorted by name, with filters on name, role and status', async () => {
    const all = await admin.call(queryUser, { body: {} });
    expect(names(all)).toEqual(['admin', 'alice', 'bob', 'carol', 'dave', 'eve', 'frank']);
    expect(all.data.total).toBe(7);

    expect(names(await admin.call(queryUser, { body: { roleId: Role.user } }))).toEqual(['alice', 'carol', 'frank']);
    expect(names(await admin.call(queryUser, { body: { status: 'pending' } }))).toEqual(['frank']);
    expect(names(await admin.call(queryUser, { body: { userName: 'A' } }))).toEqual(['admin', 'alice', 'carol', 'dave', 'frank']);
    expect(names(await admin.call(queryUser, { body: { userName: 'a', roleId: Role.user, status: 'active' } }))).toEqual([
      'alice',
      'carol',
    ]);
  });

  it('sorts descending and by role, and pages with pageStart as the row offset', async () => {
    expect(names(await admin.call(queryUser, { body: { order: 'desc', pageLimit: 3 } }))).toEqual(['frank', 'eve', 'dave']);
    const page = await admin.call(queryUser, { body: { pageStart: 3, pageLimit: 2 } });
    expect(names(page)).toEqual(['carol', 'dave']);
    expect(page.data.total).toBe(7);
    const byRole = names(await admin.call(queryUser, { body: { sort: 'roleId', order: 'desc', pageLimit: 2 } }));
    expect(byRole).toEqual(['eve', 'admin']);
  });

  it('refuses page sizes outside 1-300 and unknown sort columns', async () => {
    expect((await admin.call(queryUser, { body: { pageLimit: 0 } })).errCode).toBe(10004);
    expect((await admin.call(queryUser, { body: { pageLimit: 301 } })).errCode).toBe(10004);
    expect((await admin.call(queryUser, { body: { pageStart: -1 } })).errCode).toBe(10004);
    expect((await admin.callUnchecked(queryUser, { body: { sort: 'password_hash' } })).errCode).toBe(10004);
  });

  it('changes role, group and department; the user gets the new role on the next request', async () => {
    const alice = await signIn(t, 'alice');
    expect((await alice.call(queryUser, { body: {} })).status).toBe(403);
    const physics = (await admin.call(createOrgUnit, { body: { name: 'Institute of Physics', kind: 'company' } })).data;
    const theory = (await admin.call(createOrgUnit, { body: { name: 'Theory', kind: 'department', parentId: physics.id } })).data;
    const experiment = (
      await admin.call(createOrgUnit, { body: { name: 'Experiment', kind: 'department', parentId: physics.id } })
    ).data;

    const res = await admin.call(modifyUser, {
      body: { userName: 'alice', roleId: Role.super, groupName: 'hpc-users', departmentId: theory.id },
    });
    expect(res.errCode).toBe(0);
    const listed = await admin.call(queryUser, { body: { userName: 'alice' } });
    expect(listed.data.list[0]).toMatchObject({
      roleId: 10003,
      groupName: 'hpc-users',
      departmentId: theory.id,
      company: 'Institute of Physics',
      department: 'Theory',
      defaultAccount: '',
    });

    expect((await alice.call(getIndexData)).data.roleId).toBe(10003);
    expect((await alice.call(queryUser, { body: {} })).errCode).toBe(0);

    // Fields left out stay as they were.
    await admin.call(modifyUser, { body: { userName: 'alice', departmentId: experiment.id } });
    expect((await admin.call(queryUser, { body: { userName: 'alice' } })).data.list[0]).toMatchObject({
      roleId: 10003,
      company: 'Institute of Physics',
      department: 'Experiment',
    });
    // An unknown department is refused; '' takes the user out of any.
    const unknown = await admin.call(modifyUser, { body: { userName: 'alice', departmentId: 999_999 } });
    expect([unknown.status, unknown.error?.reason]).toEqual([404, 'orgUnitNotFound']);
    await admin.call(modifyUser, { body: { userName: 'alice', departmentId: '' } });
    expect((await admin.call(queryUser, { body: { userName: 'alice' } })).data.list[0]).toMatchObject({
      departmentId: null,
      company: '',
      department: '',
    });
  });

  it('refuses unknown roles and unknown users', async () => {
    expect((await admin.call(modifyUser, { body: { userName: 'bob', roleId: 10007 } })).errCode).toBe(10004);
    const ghost = await admin.call(modifyUser, { body: { userName: 'ghost_user', groupName: 'x' } });
    expect(ghost.status).toBe(404);
  });

  it('freezing signs the user out and refuses their sign-in; unfreezing restores it', async () => {
    const bob = await signIn(t, 'bob');
    expect((await admin.call(freezeUser, { body: { userName: 'bob' } })).errCode).toBe(0);

    const afterFreeze = await bob.call(getIndexData);
    expect(afterFreeze.status).toBe(401);
    const attempt = await browser(t).login('bob', PASSWORD);
    expect(attempt.status).toBe(403);
    expect(attempt.errCode).toBe(10007);
    expect(attempt.error?.reason).toBe('userFrozen');
    expect((await admin.call(queryUser, { body: { userName: 'bob' } })).data.list[0]?.status).toBe('frozen');

    expect((await admin.call(unfreezeUser, { body: { userName: 'bob' } })).errCode).toBe(0);
    await signIn(t, 'bob');
  });

  it('refuses to freeze a user who is still waiting for approval', async () => {
    const res = await admin.call(freezeUser, { body: { userName: 'frank' } });
    expect(res.errCode).toBe(10004);
    expect((await admin.call(queryUser, { body: { userName: 'frank' } })).data.list[0]?.status).toBe('pending');
  });

  it('unfreezing also lifts a lock from failed sign-ins', async () => {
    for (let i = 0; i < 5; i++) await new TestClient(t.app, `10.41.0.${i}`).login('carol', `Wrong_${i}x`);
    const locked = await new TestClient(t.app, '10.41.1.1').login('carol', PASSWORD);
    expect(locked.errMsg).toBe('The user is locked');
    await admin.call(unfreezeUser, { body: { userName: 'carol' } });
    await signIn(t, 'carol');
  });

  it('does not let an administrator freeze themselves or change their own role', async () => {
    const freeze = await admin.call(freezeUser, { body: { userName: ADMIN.user } });
    expect(freeze.status).toBe(403);
    expect(freeze.error?.reason).toBe('selfChange');
    const demote = await admin.call(modifyUser, { body: { userName: ADMIN.user, roleId: Role.user } });
    expect(demote.status).toBe(403);
    expect(demote.error?.reason).toBe('selfChange');
    // Their own organisation fields are fine to change.
    expect((await admin.call(modifyUser, { body: { userName: ADMIN.user, groupName: 'computing' } })).errCode).toBe(0);
    expect((await admin.call(getIndexData)).data.roleId).toBe(10008);
  });
});

describe('the last administrator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps one administrator when two of them freeze each other at the same moment', async () => {
    await createUser(t.app, 'admin_two', Role.admin);
    const repo = t.app.services.usersRepo;
    for (let round = 0; round < 10; round++) {
      const one = await signIn(t, ADMIN.user, ADMIN.password);
      const two = await signIn(t, 'admin_two');
      const [a, b] = await Promise.all([
        one.call(freezeUser, { body: { userName: 'admin_two' } }),
        two.call(freezeUser, { body: { userName: ADMIN.user } }),
      ]);
      // One wins; the other is told it would remove the last administrator, or finds itself signed out.
      expect(
        [a.errCode, b.errCode].filter((c) => c === 0),
        `round ${round}`,
      ).toHaveLength(1);
      expect([a.status, b.status].sort(), `round ${round}`).toEqual([200, expect.any(Number)]);
      expect(await repo.countActiveWithRoles([Role.admin, Role.super]), `round ${round}`).toBe(1);
      await t.app.services.db
        .updateTable('users')
        .set({ status: 'active' })
        .where('user_name', 'in', [ADMIN.user, 'admin_two'])
        .execute();
    }
    await t.app.services.db.updateTable('users').set({ status: 'frozen' }).where('user_name', '=', 'admin_two').execute();
  });

  it('cannot be frozen or demoted, even by an administrator whose own role was taken away meanwhile', async () => {
    const active = await t.app.services.usersRepo.list({ status: 'active', roleId: Role.admin }, { offset: 0, limit: 10 });
    expect(active.total).toBe(1);
    const last = active.rows[0]!.user_name;
    const users = t.app.services.users;
    // An actor whose session was valid when the request began, but who is no longer an administrator.
    await createUser(t.app, 'former_admin', Role.user);
    const former = await t.app.services.usersRepo.findByName('former_admin');
    const actor = { user: { id: former!.id, userName: 'former_admin', roleId: Role.admin }, sessionId: 's', csrfToken: 'c' };
    await expect(users.freeze(actor, last)).rejects.toMatchObject({ reason: 'lastAdmin', status: 409 });
    await expect(users.modify(actor, { userName: last, roleId: Role.user })).rejects.toMatchObject({ reason: 'lastAdmin' });
    expect(await t.app.services.usersRepo.countActiveWithRoles([Role.admin, Role.super])).toBe(1);
  });
});

describe('provisioning again', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    // A second cluster whose login node nobody answers: its provisioning fails.
    t = await createTestApp({
      clusters: [
        { id: 'main', name: 'Main' },
        {
          id: 'away',
          name: 'Away',
          access: { mode: 'ssh', ssh: { host: '127.0.0.1', port: 1, serviceKeyFile: '/nonexistent/service-key' } },
        },
      ],
    });
    admin = await signIn(t, ADMIN.user, ADMIN.password);
    await createUser(t.app, 'prov_user');
    await createPending(t, 'prov_pending');
  });
  afterAll(() => t.close());

  it('installs an active user again and names the clusters that failed, with an audit line for each', async () => {
    const res = await admin.call(provisionUser, { body: { userName: 'prov_user' } });
    expect(res.errCode, res.errMsg).toBe(0);
    expect(res.data).toEqual({ failedClusters: ['away'] });
    // The portal key pair exists now (provisioning installs it).
    const user = await t.app.services.usersRepo.findByName('prov_user');
    expect(await t.app.services.keys.publicKeyLines(user?.id ?? 0)).toHaveLength(1);
    // The request's own line is written once the answer is sent: wait for both.
    const audit = await waitFor(
      async () => {
        const rows = await t.app.services.db
          .selectFrom('audit_log')
          .select(['action', 'result', 'target'])
          .where('action', 'in', ['provisionUser', 'users.provisionUser'])
          .orderBy('id')
          .execute();
        return rows.length >= 2 && rows;
      },
      'both audit lines',
      10_000,
    );
    expect(audit).toEqual([
      expect.objectContaining({ action: 'provisionUser', result: 'failure', target: expect.stringMatching(/^prov_user@away: /) }),
      expect.objectContaining({ action: 'users.provisionUser', result: 'success', target: 'prov_user' }),
    ]);
  });

  it('refuses a user who is not active, an unknown user, and a non-administrator', async () => {
    expect((await admin.call(provisionUser, { body: { userName: 'prov_pending' } })).error?.reason).toBe('notPending');
    expect((await admin.call(provisionUser, { body: { userName: 'nobody_here' } })).error?.reason).toBe('userNotFound');
    const plain = await signIn(t, 'prov_user');
    expect((await plain.call(provisionUser, { body: { userName: 'prov_user' } })).status).toBe(403);
  });
});
