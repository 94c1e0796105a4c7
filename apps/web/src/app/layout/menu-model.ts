import type { MenuChild, MenuItem } from '@portal/shared';

/* Pure rules for the server's menu data (spec section 2, "Routing behaviour"). */

const byMenuNo = <T extends { menuNo: number }>(a: T, b: T) => a.menuNo - b.menuNo;

/** Drops entries with id sysma (top level and child) and orders both levels by menuNo. */
export const prepareMenus = (menus: MenuItem[]): MenuItem[] =>
  menus
    .filter((m) => m.id !== 'sysma')
    .map((m) => ({ ...m, children: m.children.filter((c) => c.id !== 'sysma').sort(byMenuNo) }))
    .sort(byMenuNo);

/** The client path of an internal entry: the base path plus its load. */
export const pathOf = (m: MenuItem | MenuChild): string => `/${m.load.replace(/^\/+/, '')}`;

/** Entries that lead somewhere: a top entry with a load, or its children. */
const leaves = (menus: MenuItem[]): (MenuItem | MenuChild)[] =>
  menus.flatMap((m) => (m.children.length ? m.children : m.load ? [m] : []));

/** The entry the root path redirects to: the one marked defaultPage, else the first entry. */
export const defaultRoute = (menus: MenuItem[]): string | undefined => {
  const all = leaves(prepareMenus(menus));
  const chosen = all.find((m) => m.defaultPage) ?? all[0];
  return chosen ? pathOf(chosen) : undefined;
};

const matches = (pathname: string, m: MenuItem | MenuChild) =>
  m.internal && m.load !== '' && (pathname === pathOf(m) || pathname.startsWith(`${pathOf(m)}/`));

/** The top entry a path belongs to, and the child entry when there is one. */
export const activeEntries = (menus: MenuItem[], pathname: string): { top?: MenuItem; child?: MenuChild } => {
  for (const top of menus) {
    const child = top.children.find((c) => matches(pathname, c));
    if (child) return { top, child };
    if (matches(pathname, top)) return { top };
  }
  return {};
};

/** Where choosing a top entry goes: its own page, or its default or first child. */
export const targetOf = (top: MenuItem): MenuItem | MenuChild | undefined =>
  top.children.length ? (top.children.find((c) => c.defaultPage) ?? top.children[0]) : top;

/** Pages of the user menu (not in the server's menus), by the key of their entry. */
export const USER_MENU_PAGES = { systemConfig: '/config/systemconfig', personal: '/account/personal' } as const;

/** The user-menu entry of a page opened from the user menu, for its selected state. */
export const userMenuKeyOf = (pathname: string) => Object.entries(USER_MENU_PAGES).find(([, path]) => pathname === path)?.[0];
