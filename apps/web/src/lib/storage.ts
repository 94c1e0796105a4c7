import type { IndexData } from '@portal/shared';

/* What the console keeps in the browser (spec section 4). */

const LOGIN_MARKER = 'gv.is_login';
const INDEX_DATA = 'gv.index_data';
const MENU_HIDDEN = 'gv.menu_hidden';
export const LANGUAGE = 'gv.lang';

export const loginMarker = {
  get: () => localStorage.getItem(LOGIN_MARKER) === '1',
  set: () => localStorage.setItem(LOGIN_MARKER, '1'),
  clear: () => localStorage.removeItem(LOGIN_MARKER),
};

/** Index data saved per tab: a tab reuses it when it has a role id. */
export const savedIndexData = {
  get: (): IndexData | null => {
    try {
      const v = JSON.parse(sessionStorage.getItem(INDEX_DATA) ?? 'null') as IndexData | null;
      return v && typeof v.roleId === 'number' ? v : null;
    } catch {
      return null;
    }
  },
  set: (d: IndexData) => sessionStorage.setItem(INDEX_DATA, JSON.stringify(d)),
};

/** Whether the side menu is hidden: kept per session. */
export const menuHidden = {
  get: () => sessionStorage.getItem(MENU_HIDDEN) === '1',
  set: (hidden: boolean) => sessionStorage.setItem(MENU_HIDDEN, hidden ? '1' : '0'),
};
