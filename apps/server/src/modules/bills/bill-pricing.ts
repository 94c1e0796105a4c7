import type { BillLine } from '@portal/shared';
import type { ZoneDays } from '../../lib/zone-days.js';
import type { UsageWhere } from '../reports/index.js';
import type { JobForBill } from './billed-usage.repository.js';
import { storedLine } from './bill-items.js';
import { add, monthText, zero, type Sum } from './bill-sums.js';
import type { BillsRepository } from './bills.repository.js';
import type { NewBillLine } from './issued-bills.repository.js';
import { numeratorOf } from './money.js';
import { PriceBook, type AppliedPrice } from './price-book.js';

export type Group = 'month' | 'account' | 'user' | 'queue' | 'cluster';

/** The prices and every account's class, read once for one reckoning. */
export type Pricing = [PriceBook, Map<string, string>];

/** Prices jobs and rollups with today's prices and classes: exact numerators, no rounding. */
export class BillPricing {
  constructor(
    private readonly repo: BillsRepository,
    private readonly days: ZoneDays,
  ) {}

  async load(): Promise<Pricing> {
    const [prices, classes] = await Promise.all([this.repo.prices.allPrices(), this.repo.prices.classes()]);
    return [new PriceBook(prices), classes];
  }

  ofJob(j: JobForBill, [book, classes]: Pricing): AppliedPrice {
    return book.priceOf({
      clusterId: j.cluster_id,
      queue: j.queue,
      accountClass: classes.get(j.account) ?? '',
      day: this.days.dayOf(Number(j.end_at)),
    });
  }

  /** A job priced: as the API shows it and as a bill stores it. */
  line(j: JobForBill, p: AppliedPrice): { line: BillLine; stored: NewBillLine } {
    const numerator = numeratorOf(Number(j.core_seconds), Number(j.card_seconds), p.coreE4, p.cardE4);
    const stored: NewBillLine = {
      cluster_id: j.cluster_id,
      job_id: j.job_id,
      job_name: j.name,
      user_name: j.user_name,
      account: j.account,
      queue: j.queue,
      end_at: Number(j.end_at),
      cores: Number(j.cpus),
      cards: Number(j.gpus),
      seconds: Number(j.elapsed_s),
      core_seconds: Number(j.core_seconds),
      card_seconds: Number(j.card_seconds),
      core_hour_price_e4: p.coreE4,
      card_hour_price_e4: p.cardE4,
      price_id: p.priceId,
      numerator: String(numerator),
    };
    return { line: storedLine({ ...stored, id: 0, bill_id: 0 }), stored };
  }

  /** The rollups in the range priced row by row and summed per group (exact: a price depends only on the row's keys). */
  async priced(where: UsageWhere, groupBy: Group, pricing?: Pricing): Promise<Map<string, Sum>> {
    const [usage, [book, classes]] = await Promise.all([
      this.repo.usage.usage(where, groupBy === 'user'),
      pricing ?? this.load(),
    ]);
    const groups = new Map<string, Sum>();
    for (const r of usage) {
      const p = book.priceOf({ clusterId: r.cluster_id, queue: r.queue, accountClass: classes.get(r.account) ?? '', day: r.day });
      const key =
        groupBy === 'month'
          ? monthText(Math.floor(r.day / 100))
          : groupBy === 'user'
            ? r.user_name
            : groupBy === 'cluster'
              ? r.cluster_id
              : r[groupBy];
      const s = groups.get(key) ?? zero();
      add(s, {
        jobs: r.jobs,
        coreSeconds: r.core_seconds,
        cardSeconds: r.card_seconds,
        numerator: numeratorOf(r.core_seconds, r.card_seconds, p.coreE4, p.cardE4),
      });
      groups.set(key, s);
    }
    return groups;
  }
}
