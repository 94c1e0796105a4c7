import type { RackItem, RackView } from '@portal/shared';

export interface PlacedItem extends RackItem {
  position: number;
  units: number;
  /** It shares a unit with another item, or reaches past the top of the rack. */
  clash: boolean;
}

/** What a rack drawing needs: the items with a position (clashes marked) and those without one. */
export const layoutRack = (rack: RackView): { placed: PlacedItem[]; unplaced: RackItem[] } => {
  const placed: PlacedItem[] = [];
  const unplaced: RackItem[] = [];
  for (const item of rack.items) {
    if (item.position === null) unplaced.push(item);
    else placed.push({ ...item, position: item.position, units: Math.max(1, item.height ?? 1), clash: false });
  }
  const top = (p: PlacedItem) => p.position + p.units - 1;
  for (const p of placed) {
    p.clash = top(p) > rack.units || placed.some((o) => o !== p && o.position <= top(p) && p.position <= top(o));
  }
  return { placed, unplaced };
};
