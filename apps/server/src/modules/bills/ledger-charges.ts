import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { ZoneDays } from '../../lib/zone-days.js';
import { BillsRepository } from './bills.repository.js';
import { numeratorOf } from './money.js';
import { PriceBook } from './price-book.js';

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
 * and never adds a second one. A job no price matches is not charged (nor left charged).
 */
export const chargeJobs = async (
  trx: Kysely<Database>,
  days: ZoneDays,
  jobs: readonly ChargedJob[],
  now: number,
): Promise<void> => {
  const charged = jobs.filter((j) => j.account !== '');
  if (charged.length === 0) return;
  const repo = new BillsRepository(trx);
  const [book, classes] = [new PriceBook(await repo.allPrices()), await repo.classes()];
  for (const j of charged) {
    const price = book.priceOf({
      clusterId: j.cluster_id,
      queue: j.queue,
      accountClass: classes.get(j.account) ?? '',
      day: days.dayOf(Number(j.end_at)),
    });
    const numerator = -numeratorOf(Number(j.core_seconds), Number(j.card_seconds), price.coreE4, price.cardE4);
    const key = { cluster_id: j.cluster_id, job_id: j.job_id, job_submit_at: Number(j.submit_at) };
    if (numerator === 0n) {
      await trx
        .updateTable('ledger')
        .set({ numerator: '0', account_name: j.account })
        .where('cluster_id', '=', key.cluster_id)
        .where('job_id', '=', key.job_id)
        .where('job_submit_at', '=', key.job_submit_at)
        .execute();
      continue;
    }
    await trx
      .insertInto('ledger')
      .values({ ...key, account_name: j.account, kind: 'charge', numerator: String(numerator), at: now, by_user: '', remark: '' })
      .onConflict((oc) =>
        oc
          .columns(['cluster_id', 'job_id', 'job_submit_at'])
          .doUpdateSet({ numerator: String(numerator), account_name: j.account }),
      )
      .execute();
  }
};
