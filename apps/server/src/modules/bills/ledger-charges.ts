import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { ZoneDays } from '../../lib/zone-days.js';
import { PricesRepository } from './prices.repository.js';
import { numeratorOf } from './money.js';
import { NO_PRICE, PriceBook } from './price-book.js';

/** A finished job as ingest stores it (the jobs table's columns). */
export interface ChargedJob {
  cluster_id: string;
  job_id: string;
  submit_at: number;
  account: string;
  queue: string;
  end_at: number;
  core_seconds: number;
  card_seconds: number;
}

/**
 * Balances (docs/bills.md): each finished job charges its account at the price in force on its end
 * day, inside the ingest's transaction. The charge is one ledger row per (cluster, job id, submit
 * time): a job read again sets its charge to what it costs now (corrected seconds, another account)
 * and never adds a second one. A job no price matches, or without an account, is not charged (nor
 * left charged).
 */
export const chargeJobs = async (
  trx: Kysely<Database>,
  days: ZoneDays,
  jobs: readonly ChargedJob[],
  now: number,
): Promise<void> => {
  if (jobs.length === 0) return;
  const repo = new PricesRepository(trx);
  const [book, classes] = [new PriceBook(await repo.allPrices()), await repo.classes()];
  const rows = jobs.map((j) => {
    // A job without an account is charged nothing (and loses a charge a correction moved it out of).
    const price =
      j.account === ''
        ? NO_PRICE
        : book.priceOf({
            clusterId: j.cluster_id,
            queue: j.queue,
            accountClass: classes.get(j.account) ?? '',
            day: days.dayOf(Number(j.end_at)),
          });
    const numerator = -numeratorOf(Number(j.core_seconds), Number(j.card_seconds), price.coreE4, price.cardE4);
    return {
      cluster_id: j.cluster_id,
      job_id: j.job_id,
      job_submit_at: Number(j.submit_at),
      account_name: j.account,
      kind: 'charge' as const,
      numerator: String(numerator),
      at: now,
      by_user: '',
      remark: '',
    };
  });
  // A job that costs nothing gets no charge, and loses one it had (only a correction does that).
  const free = rows.filter((x) => x.numerator === '0');
  const charged = new Set<string>();
  for (let i = 0; i < free.length; i += 500) {
    const found = await trx
      .selectFrom('ledger')
      .select(['cluster_id', 'job_id', 'job_submit_at'])
      .where('cluster_id', 'in', [...new Set(free.slice(i, i + 500).map((r) => r.cluster_id))])
      .where(
        'job_id',
        'in',
        free.slice(i, i + 500).map((r) => r.job_id),
      )
      .execute();
    for (const f of found) charged.add(`${f.cluster_id}\u0000${f.job_id}\u0000${Number(f.job_submit_at)}`);
  }
  for (const r of free.filter((x) => charged.has(`${x.cluster_id}\u0000${x.job_id}\u0000${x.job_submit_at}`)))
    await trx
      .updateTable('ledger')
      .set({ numerator: '0', account_name: r.account_name })
      .where('cluster_id', '=', r.cluster_id)
      .where('job_id', '=', r.job_id)
      .where('job_submit_at', '=', r.job_submit_at)
      .execute();
  const paid = rows.filter((x) => x.numerator !== '0');
  for (let i = 0; i < paid.length; i += 200)
    await trx
      .insertInto('ledger')
      .values(paid.slice(i, i + 200))
      .onConflict((oc) =>
        oc.columns(['cluster_id', 'job_id', 'job_submit_at']).doUpdateSet((eb) => ({
          numerator: eb.ref('excluded.numerator'),
          account_name: eb.ref('excluded.account_name'),
        })),
      )
      .execute();
};
