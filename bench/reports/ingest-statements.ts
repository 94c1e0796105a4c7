/*
 * bench/reports: the same saveFinished transaction written two ways, alternating batches on one
 * kept database: as the server writes it (on PostgreSQL the batch's stored jobs in one query, and
 * the jobs and the rollups in one statement of unnest() arrays, db/bulk-writes.ts) and as it was
 * written before (the stored jobs 500 ids a query, then multi-row VALUES upserts of 200 jobs and
 * 500 rollup rows, one table after another). Same SQL semantics, same rows; only the statements
 * differ.
 *
 *   node_modules/.bin/tsx --conditions=source bench/reports/ingest-statements.ts \
 *     --pg-url postgres://… --pg-schema bench_reports [--batches 40] [--seed 77]
 */
import { tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { parseConfig } from '../../apps/server/src/config/load.js';
import type { BulkWrite } from '../../apps/server/src/db/bulk-writes.js';
import { openDatabase } from '../../apps/server/src/db/database.js';
import type { Database } from '../../apps/server/src/db/types.js';
import { zoneDays } from '../../apps/server/src/lib/zone-days.js';
import { jobsWrite } from '../../apps/server/src/modules/jobs/jobs-upsert.js';
import { JobsRepository, toJobRow } from '../../apps/server/src/modules/jobs/jobs.repository.js';
import { dailyDeltas, dailyWrites } from '../../apps/server/src/modules/jobs/usage-daily.js';
import {
  jobKey,
  usageDeltas,
  usageTotalsWrite,
  type StoredContribution,
} from '../../apps/server/src/modules/jobs/usage-totals.js';
import { jobStream, SPAN, type BenchJob } from './generate.js';

const { values: args } = parseArgs({
  options: {
    'pg-url': { type: 'string', default: process.env.DATABASE_URL },
    'pg-schema': { type: 'string', default: 'bench_reports' },
    batches: { type: 'string', default: '40' },
    seed: { type: 'string', default: '77' },
  },
});
/** Rows per multi-row VALUES statement on SQLite before run G (200 for jobs and totals, 500 for the rollups; 200 here for all). */
const CHUNK_BEFORE = 200;

const days = zoneDays('UTC');

/** The statements from before: chunked reads and VALUES upserts, one table after another. */
const saveAsBefore = async (db: Kysely<Database>, clusterId: string, jobs: BenchJob[], now: number) => {
  const rows = jobs.map((j) => toJobRow(j.cluster, j, now));
  await db.transaction().execute(async (trx) => {
    const before = new Map<string, StoredContribution>();
    for (let i = 0; i < rows.length; i += 500) {
      const found = await trx
        .selectFrom('jobs')
        .select(['job_id', 'submit_at', 'account', 'user_name', 'queue', 'end_at', 'core_seconds', 'card_seconds'])
        .where('cluster_id', '=', clusterId)
        .where(
          'job_id',
          'in',
          rows.slice(i, i + 500).map((r) => r.job_id),
        )
        .execute();
      for (const r of found) before.set(jobKey(r), r);
    }
    const writes: BulkWrite[] = [
      jobsWrite(trx, rows),
      usageTotalsWrite(trx, usageDeltas(rows, before)),
      ...dailyWrites(trx, dailyDeltas(days, rows, before)),
    ];
    for (const w of writes)
      for (let i = 0; i < w.rows.length; i += CHUNK_BEFORE)
        await trx.executeQuery(w.statement(w.rows.slice(i, i + CHUNK_BEFORE), false).compile());
  });
};

const main = async () => {
  const url = args['pg-url'];
  if (!url) throw new Error('set DATABASE_URL or --pg-url');
  const h = await openDatabase(parseConfig({ dataDir: tmpdir(), database: { url, schema: args['pg-schema'] as string } }));
  try {
    const max = Number((await sql<{ m: number }>`select max(id) as m from jobs`.execute(h.db)).rows[0]?.m);
    // New jobs, a week after the data and after run.ts's own ingest week.
    const job = jobStream(Number(args.seed), { from: SPAN.to + 8 * 86_400_000, to: SPAN.to + 15 * 86_400_000 });
    const repo = new JobsRepository(h.db, days);
    const times = { now: [] as number[], before: [] as number[] };
    for (let b = 0; b < Number(args.batches); b++) {
      const byCluster = new Map<string, BenchJob[]>();
      for (let i = 0; i < 1000; i++) {
        const j = job(max + 1_000_000 + b * 1000 + i);
        byCluster.set(j.cluster, [...(byCluster.get(j.cluster) ?? []), j]);
      }
      const t = performance.now();
      for (const [cluster, js] of byCluster)
        if (b % 2 === 0) await repo.saveFinished(cluster, js, Date.now());
        else await saveAsBefore(h.db, cluster, js, Date.now());
      (b % 2 === 0 ? times.now : times.before).push(performance.now() - t);
    }
    const rate = (xs: number[]) => Math.round((xs.length * 1000) / (xs.reduce((s, x) => s + x, 0) / 1000));
    process.stdout.write(
      `saveFinished, ${args.batches} batches of 1000 alternating: as now ${rate(times.now)} jobs/s, as before ${rate(times.before)} jobs/s\n`,
    );
  } finally {
    await h.close();
  }
};

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
