import { describe, expect, it } from 'vitest';
import type { OrgUnit } from '@portal/shared';
import { orgPath, orgTree, selfAndDescendants } from './org-tree';

const unit = (id: number, name: string, parentId: number | null): OrgUnit => ({
  id,
  name,
  kind: parentId === null ? 'company' : 'department',
  parentId,
  userCount: 0,
  accountCount: 0,
  childCount: 0,
});
const units = [
  unit(1, 'Acme', null),
  unit(2, 'Physics', 1),
  unit(3, 'Optics', 2),
  unit(4, 'Chemistry', 1),
  unit(5, 'Beta', null),
];

describe('org tree', () => {
  it('nests departments under their company', () => {
    const tree = orgTree(units);
    expect(tree.map((n) => n.unit.name)).toEqual(['Acme', 'Beta']);
    expect(tree[0]?.children.map((n) => n.unit.name)).toEqual(['Physics', 'Chemistry']);
    expect(tree[0]?.children[0]?.children.map((n) => n.unit.name)).toEqual(['Optics']);
  });

  it('excludes a unit and everything below it as a new parent', () => {
    expect([...selfAndDescendants(units, 2)].sort()).toEqual([2, 3]);
    expect([...selfAndDescendants(units, 5)]).toEqual([5]);
  });

  it('names the path of a unit', () => {
    expect(orgPath(units, 3)).toBe('Acme / Physics / Optics');
    expect(orgPath(units, null)).toBe('');
    expect(orgPath(units, 99)).toBe('');
  });
});
