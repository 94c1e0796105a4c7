import { can, consolePage, routeSetOf, type MenuChild, type MenuItem } from '@portal/shared';
import { MENUS, type MenuDef } from './menus.data.js';

/** Config flags menu entries may depend on. */
export interface MenuFlags {
  transfer: boolean;
  /** Gold mode is on and the user holds an account (spec section 6's walltimeApply rule). */
  walltimeApply: boolean;
}

const NO_FLAGS: MenuFlags = { transfer: false, walltimeApply: false };

/**
 * An entry shows when the role may open what it leads to: its console page's route sets and
 * permission (packages/shared, the same the web's routes use), narrowed by the entry's own.
 */
const visible = (d: MenuDef, roleId: number, flags: MenuFlags) => {
  const set = routeSetOf(roleId);
  const page = consolePage(d.load);
  return (
    (!page || (page.sets.includes(set) && (!page.permission || can(roleId, page.permission)))) &&
    (!d.routeSets || d.routeSets.includes(set)) &&
    (!d.permission || can(roleId, d.permission)) &&
    (!d.flag || flags[d.flag])
  );
};

const toItem = (d: MenuDef, roleId: number, lang: 'en' | 'zh', isChild: boolean): MenuChild => ({
  id: d.id,
  text: d.text[lang],
  icon: d.icon,
  menuNo: d.menuNo,
  defaultPage: !!d.defaultFor?.includes(routeSetOf(roleId)),
  load: d.load,
  internal: d.internal ?? true,
  isChild,
  needArgs: d.needArgs ?? false,
  args: '',
  align: d.align ?? 'left',
  uri: d.internal === false ? d.load : '',
  target: d.target ?? '',
  children: [],
});

const byMenuNo = (a: { menuNo: number }, b: { menuNo: number }) => a.menuNo - b.menuNo;

/** The menus a role sees, ordered by menuNo; groups left without children are dropped. */
export const menusFor = (roleId: number, lang: 'en' | 'zh', defs: MenuDef[] = MENUS, flags: MenuFlags = NO_FLAGS): MenuItem[] =>
  defs
    .filter((d) => visible(d, roleId, flags))
    .map((d) => {
      const children = (d.children ?? [])
        .filter((c) => visible(c, roleId, flags))
        .sort(byMenuNo)
        .map((c) => toItem(c, roleId, lang, true));
      return { ...toItem(d, roleId, lang, false), children } as MenuItem;
    })
    .filter((m) => m.load !== '' || m.children.length > 0)
    .sort(byMenuNo);
