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
import { jobsWrite } from '../../apps/server/src/modules/jobs/jobs-upsert.js';
import { storedContributions, usageDeltas, usageTotalsWrite } from '../../apps/server/src/modules/jobs/usage-totals.js';
import { type BenchJob } from './generate.js';

const toRow = (j: BenchJob, now: number) => toJobRow(j.cluster, j, now);

export const saveWithoutRollups = async (db: Kysely<Database>, clusterId: string, jobs: BenchJob[], now: number) => {
  const rows = jobs.map((j) => toRow(j, now));
  await db.transaction().execute(async (trx) => {
    const before = await storedContributions(
      trx,
      clusterId,
      rows.map((r) => r.job_id),
    );
    await runBulkWrites(trx, [jobsWrite(trx, rows), usageTotalsWrite(trx, usageDeltas(rows, before))]);
  });
};

/** Batches of new jobs, alternating with and without the rollups; ms per batch of each. */
export const timeIngest = async (
  db: Kysely<Database>,
  days: ZoneDays,
  batches: BenchJob[][],
): Promise<{ withRollups: number[]; without: number[] }> => {
  const repo = new JobsRepository(db, days);
  const withRollups: number[] = [];
  const without: number[] = [];
  for (const [b, batch] of batches.entries()) {
    const byCluster = new Map<string, BenchJob[]>();
    for (const j of batch) byCluster.set(j.cluster, [...(byCluster.get(j.cluster) ?? []), j]);
    const t = performance.now();
    for (const [cluster, js] of byCluster)
      if (b % 2 === 0) await repo.saveFinished(cluster, js, Date.now());
      else await saveWithoutRollups(db, cluster, js, Date.now());
    (b % 2 === 0 ? withRollups : without).push(performance.now() - t);
  }
  return { withRollups, without };
};
