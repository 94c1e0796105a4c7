import { RACK_DEFAULT_UNITS, type RackView } from '@portal/shared';
import type { AssetRow } from '../../db/types.js';

/**
 * Racks as the rack view draws them: every RACK asset, and every rack name other assets give
 * without a RACK asset of that name (so nothing placed is hidden), each with the assets in it (by
 * their rack field, or by a rack as their parent).
 */
export const racksOf = (rows: readonly AssetRow[]): RackView[] => {
  const racks = new Map<string, RackView>();
  for (const r of rows) {
    if (r.type !== 'RACK') continue;
    racks.set(r.name, { name: r.name, room: r.room, units: r.height ?? RACK_DEFAULT_UNITS, assetId: Number(r.id), items: [] });
  }
  const rackNames = new Map(rows.filter((r) => r.type === 'RACK').map((r) => [Number(r.id), r.name]));
  for (const r of rows) {
    // Its rack field, else the rack it sits in as its parent.
    const name = r.rack ?? (r.parent_id === null ? undefined : rackNames.get(Number(r.parent_id)));
    if (r.type === 'RACK' || !name) continue;
    let rack = racks.get(name);
    if (!rack) {
      rack = { name, room: r.room, units: RACK_DEFAULT_UNITS, assetId: null, items: [] };
      racks.set(name, rack);
    }
    rack.items.push({ id: Number(r.id), name: r.name, type: r.type, position: r.position, height: r.height });
  }
  return [...racks.values()].sort((a, b) => (a.room ?? '').localeCompare(b.room ?? '') || a.name.localeCompare(b.name));
};
