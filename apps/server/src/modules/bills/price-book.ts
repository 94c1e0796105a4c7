import type { PriceRow } from '../../db/types.js';

/** The price a usage is charged at; a usage no price matches costs nothing (priceId null). */
export interface AppliedPrice {
  priceId: number | null;
  coreE4: number;
  cardE4: number;
}

export const NO_PRICE: AppliedPrice = { priceId: null, coreE4: 0, cardE4: 0 };

/** Which usage a price is looked up for: its cluster, queue, account class and end day (YYYYMMDD). */
export interface PricedKey {
  clusterId: string;
  queue: string;
  accountClass: string;
  day: number;
}

/** A match on the queue outweighs one on the class, which outweighs one on the cluster. */
const weightOf = (p: PriceRow) => (p.queue ? 4 : 0) + (p.account_class ? 2 : 0) + (p.cluster_id ? 1 : 0);

/**
 * Every price, ready to answer "which applies": among the rows whose cluster, queue and class each
 * equal the usage's or are '' and that took effect on or before its day, the most specific, then
 * the latest effective day. Answers are remembered per key (rollup rows repeat keys a lot).
 */
export class PriceBook {
  private readonly ordered: PriceRow[];
  private readonly memo = new Map<string, AppliedPrice>();

  constructor(rows: readonly PriceRow[]) {
    // Most specific first, then the latest day first: the first row in force wins.
    this.ordered = [...rows].sort((a, b) => weightOf(b) - weightOf(a) || Number(b.effective_from) - Number(a.effective_from));
  }

  priceOf(k: PricedKey): AppliedPrice {
    const mk = `${k.clusterId}\u0000${k.queue}\u0000${k.accountClass}\u0000${k.day}`;
    const known = this.memo.get(mk);
    if (known) return known;
    const p = this.ordered.find(
      (r) =>
        (r.cluster_id === '' || r.cluster_id === k.clusterId) &&
        (r.queue === '' || r.queue === k.queue) &&
        (r.account_class === '' || r.account_class === k.accountClass) &&
        Number(r.effective_from) <= k.day,
    );
    const applied = p
      ? { priceId: Number(p.id), coreE4: Number(p.core_hour_price_e4), cardE4: Number(p.card_hour_price_e4) }
      : NO_PRICE;
    if (this.memo.size > 100_000) this.memo.clear();
    this.memo.set(mk, applied);
    return applied;
  }
}
