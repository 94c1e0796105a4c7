import { describe, expect, it } from 'vitest';
import type { MenuChild, MenuItem } from '@portal/shared';
import { activeEntries, defaultRoute, prepareMenus, targetOf, userMenuKeyOf } from './menu-model';

const child = (id: string, menuNo: number, load: string, defaultPage = false): MenuChild => ({
  id,
  text: id,
  icon: '',
  menuNo,
  defaultPage,
  load,
  internal: true,
  isChild: true,
  needArgs: false,
  args: '',
  align: 'left',
  uri: '',
  target: '',
  children: [],
});
const top = (id: string, menuNo: number, load: string, children: MenuChild[] = [], defaultPage = false): MenuItem => ({
  ...child(id, menuNo, load, defaultPage),
  isChild: false,
  children,
});

describe('menu model', () => {
  it('removes sysma entries at both levels and orders by menuNo', () => {
    const menus = prepareMenus([
      top('b', 20, '', [child('y', 2, 'b/y'), child('sysma', 1, 'b/sysma'), child('x', 1, 'b/x')]),
      top('sysma', 5, 'sysma'),
      top('a', 10, 'a'),
    ]);
    expect(menus.map((m) => m.id)).toEqual(['a', 'b']);
    expect(menus[1]?.children.map((c) => c.id)).toEqual(['x', 'y']);
  });

  it('redirects the root to the entry marked default, else to the first entry', () => {
    expect(defaultRoute([top('a', 1, 'a'), top('g', 2, '', [child('c', 1, 'g/c', true)])])).toBe('/g/c');
    expect(defaultRoute([top('g', 2, '', [child('c', 1, 'g/c')]), top('a', 1, 'a')])).toBe('/a');
    expect(defaultRoute([])).toBeUndefined();
  });

  it('finds the active top and child entry of a path, including sub-pages', () => {
    const menus = [top('a', 1, 'a'), top('g', 2, '', [child('c', 1, 'g/c'), child('d', 2, 'g/d')])];
    expect(activeEntries(menus, '/g/d').child?.id).toBe('d');
    expect(activeEntries(menus, '/g/d/details').top?.id).toBe('g');
    expect(activeEntries(menus, '/a').top?.id).toBe('a');
    expect(activeEntries(menus, '/zzz')).toEqual({});
  });

  it('sends a top entry with children to its default or first child', () => {
    expect(targetOf(top('g', 2, '', [child('c', 1, 'g/c'), child('d', 2, 'g/d', true)]))?.id).toBe('d');
    expect(targetOf(top('g', 2, '', [child('c', 1, 'g/c')]))?.id).toBe('c');
    expect(targetOf(top('a', 1, 'a'))?.id).toBe('a');
  });

  it('names the user-menu entry of a page that has no menu entry, and nothing for others', () => {
    expect(userMenuKeyOf('/config/systemconfig')).toBe('systemConfig');
    expect(userMenuKeyOf('/account/personal')).toBe('personal');
    expect(userMenuKeyOf('/account/users')).toBeUndefined();
    expect(userMenuKeyOf('/config/systemconfig/x')).toBeUndefined();
  });
});
