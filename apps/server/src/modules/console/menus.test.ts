import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, consolePage, createAccount, getMenus, Role, ROLE_IDS, routeSetOf } from '@portal/shared';
import { ADMIN, createTestApp, signedIn, TestClient, type TestApp } from '../../test/harness.js';
import { MENUS, type MenuDef } from './menus.data.js';
import { menusFor, type MenuFlags } from './menus.service.js';

/* The menus and the web's routes read one page registry (packages/shared/src/pages.ts). */

const flatten = (defs: MenuDef[]): MenuDef[] => defs.flatMap((d) => [d, ...flatten(d.children ?? [])]);

describe('menus and console pages', () => {
  it('lead only to console pages, except group entries and the windows they open', () => {
    const strays = flatten(MENUS).filter((d) => d.load !== '' && d.internal !== false && !consolePage(d.load));
    expect(strays.map((d) => d.id)).toEqual([]);
  });

  it('never show a role an entry whose page its route set does not hold or its permissions do not open', () => {
    for (const role of ROLE_IDS) {
      const shown = menusFor(role, 'en', MENUS, { transfer: true, walltimeApply: true }).flatMap((m) => [m, ...m.children]);
      for (const entry of shown) {
        const page = consolePage(entry.load);
        if (!page) continue;
        expect(page.sets, `${entry.id} for role ${role}`).toContain(routeSetOf(role));
        if (page.permission) expect(can(role, page.permission), `${entry.id} for role ${role}`).toBe(true);
      }
    }
  });
});

describe('the myResource menu (spec section 6: walltimeApply)', () => {
  const ids = (roleId: number, flags: MenuFlags) =>
    menusFor(roleId, 'en', MENUS, flags).flatMap((m) => [m.id, ...m.children.map((c) => c.id)]);

  it('lists walltimeApply for the user set only while its flag is on, and drops the empty group', () => {
    expect(ids(Role.user, { transfer: false, walltimeApply: true })).toEqual(
      expect.arrayContaining(['myResource', 'walltimeApply']),
    );
    expect(ids(Role.user, { transfer: false, walltimeApply: false })).not.toContain('myResource');
    expect(ids(Role.user, { transfer: false, walltimeApply: false })).not.toContain('walltimeApply');
    expect(ids(Role.admin, { transfer: false, walltimeApply: true })).not.toContain('walltimeApply');
    expect(ids(Role.auditor, { transfer: false, walltimeApply: true })).not.toContain('walltimeApply');
  });

  it('names the group and entry in both languages and sorts the group before Account', () => {
    const flags = { transfer: false, walltimeApply: true };
    const en = menusFor(Role.user, 'en', MENUS, flags);
    const zh = menusFor(Role.user, 'zh', MENUS, flags);
    const group = en.findIndex((m) => m.id === 'myResource');
    expect(en[group]).toMatchObject({
      text: 'My resources',
      children: [{ text: 'Run time applications', load: 'my-resource/walltime-apply' }],
    });
    expect(zh[group]).toMatchObject({ text: '我的资源', children: [{ text: '机时申请' }] });
    expect(en[group + 1]?.id).toBe('account');
  });

  it('offers Applications under Account to users and administrators, not to the auditor or viewer', () => {
    const none = { transfer: false, walltimeApply: false };
    expect(ids(Role.user, none)).toContain('applications');
    expect(ids(Role.admin, none)).toContain('applications');
    expect(ids(Role.auditor, none)).not.toContain('applications');
    expect(ids(Role.viewer, none)).not.toContain('applications');
  });
});

/** The menus of a signed-in client, as the console loads them. */
const menuIds = async (c: TestClient) => {
  const res = await c.call(getMenus, { query: { lang: 'en' } });
  return res.data.flatMap((m) => [m.id, ...m.children.map((c) => c.id)]);
};

describe.each([true, false])('getMenus with gold mode %s', (goldEnable) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ui: { goldEnable } });
  });
  afterAll(() => t.close());

  it(`${goldEnable ? 'shows' : 'hides'} walltimeApply to a user who holds an account, and hides it from one who holds none`, async () => {
    const admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
    const holder = await signedIn(t.app, 'wt_holder', Role.user);
    const loner = await signedIn(t.app, 'wt_loner', Role.user);
    expect(await menuIds(holder)).not.toContain('walltimeApply');
    const made = await admin.call(createAccount, { body: { accountName: 'wt_acct', ownerName: 'wt_holder' } });
    expect(made.errCode).toBe(0);
    const shown = await menuIds(holder);
    if (goldEnable) expect(shown).toEqual(expect.arrayContaining(['myResource', 'walltimeApply']));
    else expect(shown).not.toContain('walltimeApply');
    expect(await menuIds(loner)).not.toContain('walltimeApply');
    expect(await menuIds(loner)).not.toContain('myResource');
  });
});
