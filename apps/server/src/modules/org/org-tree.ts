import type { OrgUnitRow } from '../../db/types.js';

/** Where a unit sits: its company's name and the departments below it ('' when none). */
export interface OrgPlace {
  company: string;
  department: string;
}

const NOWHERE: OrgPlace = { company: '', department: '' };

/**
 * The organisation read once (it is small): names along a unit's path, and the units below one.
 * Departments nested in departments read as "Physics / Theory".
 */
export class OrgTree {
  private readonly byId: Map<number, OrgUnitRow>;
  constructor(readonly units: readonly OrgUnitRow[]) {
    this.byId = new Map(units.map((u) => [Number(u.id), u]));
  }

  get(id: number): OrgUnitRow | undefined {
    return this.byId.get(id);
  }

  /** From the top (a company) down to the unit; empty for an unknown id. */
  pathTo(id: number): OrgUnitRow[] {
    const path: OrgUnitRow[] = [];
    const seen = new Set<number>();
    for (
      let u = this.byId.get(id);
      u && !seen.has(Number(u.id));
      u = u.parent_id === null ? undefined : this.byId.get(Number(u.parent_id))
    ) {
      seen.add(Number(u.id));
      path.unshift(u);
    }
    return path;
  }

  placeOf(id: number | null | undefined): OrgPlace {
    if (id === null || id === undefined) return NOWHERE;
    const path = this.pathTo(Number(id));
    const [top, ...below] = path;
    if (!top) return NOWHERE;
    if (top.kind !== 'company') return { company: '', department: path.map((u) => u.name).join(' / ') };
    return { company: top.name, department: below.map((u) => u.name).join(' / ') };
  }

  /** The unit and every unit below it. */
  subtree(id: number): Set<number> {
    const out = new Set<number>([id]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const u of this.units)
        if (u.parent_id !== null && out.has(Number(u.parent_id)) && !out.has(Number(u.id))) {
          out.add(Number(u.id));
          grew = true;
        }
    }
    return out;
  }
}
