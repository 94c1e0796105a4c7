import type { JobPreviewCost } from '@portal/shared';
import type { PriceRow } from '../../db/types.js';
import { dayText, type ZoneDays } from '../../lib/zone-days.js';
import { numeratorOf, priceText, toCents } from './money.js';
import { PriceBook } from './price-book.js';

/** A job not yet run: where it would run, whose it is, and the most it may use. */
export interface JobToCost {
  clusterId: string;
  queue: string;
  account: string | undefined;
  /** When it would end if it ran to its time limit (epoch ms): its price is that day's. */
  endAt: number;
  coreSeconds: number;
  cardSeconds: number;
}

/** What the cost estimate needs of bills: the prices, account classes, report zone and currency. */
export interface CostSource {
  prices(): Promise<PriceRow[]>;
  classes(): Promise<Map<string, string>>;
  days: ZoneDays;
  currency: string;
}

/**
 * The most a job would cost, priced as its bill line would be (docs/bills.md): the price a bill
 * applies to a job ending on that day, core- and card-seconds × price, rounded once to cents.
 * Null when the centre sets no price at all (it does not bill in money).
 */
export const jobCost = async (source: CostSource, job: JobToCost): Promise<JobPreviewCost | null> => {
  const [prices, classes] = await Promise.all([source.prices(), source.classes()]);
  if (!prices.length) return null;
  const day = source.days.dayOf(job.endAt);
  const price = new PriceBook(prices).priceOf({
    clusterId: job.clusterId,
    queue: job.queue,
    accountClass: (job.account && classes.get(job.account)) || '',
    day,
  });
  return {
    amountCents: toCents(numeratorOf(job.coreSeconds, job.cardSeconds, price.coreE4, price.cardE4)),
    currency: source.currency,
    coreHourPrice: priceText(price.coreE4),
    cardHourPrice: priceText(price.cardE4),
    priceId: price.priceId,
    priceDay: dayText(day),
  };
};
