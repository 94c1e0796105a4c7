import { describe, expect, it } from 'vitest';
import { can, consolePage, ROLE_IDS, routeSetOf } from '@portal/shared';
import { MENUS, type MenuDef } from './menus.data.js';
import { menusFor } from './menus.service.js';

/* The menus and the web's routes read one page registry (packages/shared/src/pages.ts). */

const flatten = (defs: MenuDef[]): MenuDef[] => defs.flatMap((d) => [d, ...flatten(d.children ?? [])]);

describe('menus and console pages', () => {
  it('lead only to console pages, except group entries and the windows they open', () => {
    const strays = flatten(MENUS).filter((d) => d.load !== '' && d.internal !== false && !consolePage(d.load));
    expect(strays.map((d) => d.id)).toEqual([]);
  });

  it('never show a role an entry whose page its route set does not hold or its permissions do not open', () => {
    for (const role of ROLE_IDS) {
      const shown = menusFor(role, 'en', MENUS, { transfer: true }).flatMap((m) => [m, ...m.children]);
      for (const entry of shown) {
        const page = consolePage(entry.load);
        if (!page) continue;
        expect(page.sets, `${entry.id} for role ${role}`).toContain(routeSetOf(role));
        if (page.permission) expect(can(role, page.permission), `${entry.id} for role ${role}`).toBe(true);
      }
    }
  });
});
