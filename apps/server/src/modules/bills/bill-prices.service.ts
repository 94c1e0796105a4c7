import type { PriceItem } from '@portal/shared';
import type { PriceRow } from '../../db/types.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Auth } from '../../lib/auth.js';
import type { Clock } from '../../lib/time.js';
import { addDays, dayNumber, dayText } from '../../lib/zone-days.js';
import { badParameter } from '../reports/index.js';
import * as err from './bill-errors.js';
import { priceItem } from './bill-items.js';
import { nextMonth } from './bill-sums.js';
import type { BillingConfig, Paging } from './bills-context.js';
import type { BillsRepository } from './bills.repository.js';
import { priceE4 } from './money.js';

/** Prices: a price changes nothing in a month already billed. */
export class BillPricesService {
  constructor(
    private readonly repo: BillsRepository,
    private readonly clock: Clock,
    private readonly billing: BillingConfig,
  ) {}

  async listPrices(
    q: { clusterId?: string | undefined; queue?: string | undefined; accountClass?: string | undefined } & Paging,
  ) {
    const page = await this.repo.prices.listPrices(q, { offset: q.pageStart, limit: q.pageLimit });
    return { total: page.total, list: page.rows.map(priceItem), currency: this.billing.currency };
  }

  async createPrice(
    auth: Auth,
    b: {
      clusterId: string;
      queue: string;
      accountClass: string;
      coreHourPrice: string;
      cardHourPrice: string;
      effectiveFrom: string;
      remark: string;
    },
  ): Promise<PriceItem> {
    const day = dayNumber(b.effectiveFrom);
    if (dayText(addDays(day, 0)) !== b.effectiveFrom)
      throw badParameter('effectiveFrom', `${b.effectiveFrom} is not a day of the calendar`);
    const last = await this.repo.bills.lastIssuedPeriod();
    if (last !== null && day < nextMonth(last) * 100 + 1) throw err.priceInIssuedMonth(last, dayText(nextMonth(last) * 100 + 1));
    try {
      return priceItem(
        await this.repo.prices.insertPrice({
          cluster_id: b.clusterId,
          queue: b.queue,
          account_class: b.accountClass,
          core_hour_price_e4: priceE4(b.coreHourPrice),
          card_hour_price_e4: priceE4(b.cardHourPrice),
          effective_from: day,
          remark: b.remark,
          created_at: this.clock.now(),
          created_by: auth.user.userName,
        }),
      );
    } catch (e) {
      if (isUniqueViolation(e)) throw err.priceExists();
      throw e;
    }
  }

  async deletePrice(priceId: number): Promise<PriceRow> {
    const p = await this.repo.prices.findPrice(priceId);
    if (!p) throw err.priceNotFound();
    const last = await this.repo.bills.lastIssuedPeriod();
    if (last !== null && Number(p.effective_from) < nextMonth(last) * 100 + 1) throw err.priceUsedByBills(last);
    await this.repo.prices.deletePrice(priceId);
    return p;
  }
}
