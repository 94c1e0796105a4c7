import type { OrgUnit } from '@portal/shared';

/** A company or department with the units below it (sorted by name, as the server lists them). */
export interface OrgNode {
  unit: OrgUnit;
  children: OrgNode[];
}

/** The tree of a flat list: companies (and orphans) at the top. */
export const orgTree = (units: readonly OrgUnit[]): OrgNode[] => {
  const nodes = new Map(units.map((u) => [u.id, { unit: u, children: [] as OrgNode[] }]));
  const roots: OrgNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.unit.parentId === null ? undefined : nodes.get(node.unit.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
};

/** A unit and every unit below it: where it cannot be moved to. */
export const selfAndDescendants = (units: readonly OrgUnit[], id: number): Set<number> => {
  const found = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const u of units)
      if (u.parentId !== null && found.has(u.parentId) && !found.has(u.id)) {
        found.add(u.id);
        grew = true;
      }
  }
  return found;
};

/** "Company / Department / Team" for a unit id ('' when unknown). */
export const orgPath = (units: readonly OrgUnit[], id: number | null | undefined): string => {
  const names: string[] = [];
  const seen = new Set<number>();
  let at = id == null ? undefined : units.find((u) => u.id === id);
  while (at && !seen.has(at.id)) {
    seen.add(at.id);
    names.unshift(at.name);
    const parentId = at.parentId;
    at = parentId === null ? undefined : units.find((u) => u.id === parentId);
  }
  return names.join(' / ');
};
