import type { Kysely } from 'kysely';

/*
 * Job efficiency (issue 13, docs/reports.md "Job efficiency"): the built-in scheduler keeps the
 * peak resident memory it measured of a job's processes, beside the CPU time it already keeps, so
 * that its finished jobs carry it into `jobs.max_rss_mb` like Slurm's MaxRSS; and jobs keep the GPU
 * utilisation Slurm's accounting reports (gres/gpuutil of TRESUsageInTot, percent summed over the
 * cards). NULL: not measured.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('local_jobs').addColumn('max_rss_mb', 'bigint').execute();
  await db.schema.alterTable('jobs').addColumn('gpu_util_pct', 'bigint').execute();
};
