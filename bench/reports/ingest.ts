/*
 * The ingest side of bench/reports: the same batches through JobsRepository.saveFinished (jobs,
 * usage_totals and usage_daily in one transaction) and, alternating with it, through the same
 * transaction without the rollup steps: the jobs' upsert and the usage_totals deltas (what
 * saveFinished did before issue 13), built from the same exported parts, so the difference is the
 * rollups' cost.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/types.js';
import type { ZoneDays } from '../../apps/server/src/lib/zone-days.js';
import { JobsRepository, toJobRow } from '../../apps/server/src/modules/jobs/jobs.repository.js';
import { runBulkWrites } from '../../apps/server/src/db/bulk-writes.js';
import { jobsWrites } from '../../apps/server/src/modules/jobs/jobs-upsert.js';
import { storedContributions, usageDeltas, usageTotalsWrite } from '../../apps/server/src/modules/jobs/usage-totals.js';
import { byCluster, type BenchJob } from './generate.js';

const toRow = (j: BenchJob, now: number) => toJobRow(j.cluster, j, now);

export const saveWithoutRollups = async (db: Kysely<Database>, clusterId: string, jobs: BenchJob[], now: number) => {
  const rows = jobs.map((j) => toRow(j, now));
  await db.transaction().execute(async (trx) => {
    const before = await storedContributions(
      trx,
      clusterId,
      rows.map((r) => r.job_id),
    );
    await runBulkWrites(trx, [...jobsWrites(trx, rows, before), usageTotalsWrite(trx, usageDeltas(rows, before))]);
  });
};

/**
 * Batches of new jobs, alternating with and without the rollups; ms per batch of each, the first
 * `warmup` batches (the pages they reach are cold after the reports) written but not timed.
 */
export const timeIngest = async (
  db: Kysely<Database>,
  days: ZoneDays,
  batches: BenchJob[][],
  warmup = 0,
): Promise<{ withRollups: number[]; without: number[] }> => {
  const repo = new JobsRepository(db, days);
  const withRollups: number[] = [];
  const without: number[] = [];
  for (const [b, batch] of batches.entries()) {
    const t = performance.now();
    for (const [cluster, js] of byCluster(batch))
      if (b % 2 === 0) await repo.saveFinished(cluster, js, Date.now());
      else await saveWithoutRollups(db, cluster, js, Date.now());
    if (b >= warmup) (b % 2 === 0 ? withRollups : without).push(performance.now() - t);
  }
  return { withRollups, without };
};
