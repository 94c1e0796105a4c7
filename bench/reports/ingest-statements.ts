/*
 * bench/reports: the same saveFinished transaction written three ways, taking turns at batches on
 * one kept database: as the server writes it (on PostgreSQL the batch's stored jobs in one query,
 * and the jobs and the rollups in one statement of unnest() arrays, db/bulk-writes.ts; new jobs by
 * a plain INSERT); the same with every job by the upsert (as before run H); and as it was written
 * before run E (the stored jobs 500 ids a query, then multi-row VALUES upserts of 200 jobs and 500
 * rollup rows, one table after another). Same rows; only the statements differ.
 *
 *   node_modules/.bin/tsx --conditions=source bench/reports/ingest-statements.ts \
 *     --pg-url postgres://… --pg-schema bench_reports [--batches 40] [--seed 77]
 */
import { tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { parseConfig } from '../../apps/server/src/config/load.js';
import { runBulkWrites, type BulkWrite } from '../../apps/server/src/db/bulk-writes.js';
import { openDatabase } from '../../apps/server/src/db/database.js';
import type { Database } from '../../apps/server/src/db/types.js';
import { zoneDays } from '../../apps/server/src/lib/zone-days.js';
import { jobsUpsert } from '../../apps/server/src/modules/jobs/jobs-upsert.js';
import { JobsRepository, toJobRow } from '../../apps/server/src/modules/jobs/jobs.repository.js';
import { dailyDeltas, dailyWrites } from '../../apps/server/src/modules/jobs/usage-daily.js';
import {
  jobKey,
  storedContributions,
  usageDeltas,
  usageTotalsWrite,
  type StoredContribution,
} from '../../apps/server/src/modules/jobs/usage-totals.js';
import { byCluster, ingestBatches, type BenchJob } from './generate.js';
import { newest } from './measure.js';

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
      jobsUpsert(trx, rows),
      usageTotalsWrite(trx, usageDeltas(rows, before)),
      ...dailyWrites(trx, dailyDeltas(days, rows, before)),
    ];
    for (const w of writes)
      for (let i = 0; i < w.rows.length; i += CHUNK_BEFORE)
        await trx.executeQuery(w.statement(w.rows.slice(i, i + CHUNK_BEFORE), false).compile());
  });
};

/** The server's transaction with every job written by the upsert, new or not (before run H). */
const saveAllUpserted = async (db: Kysely<Database>, clusterId: string, jobs: BenchJob[], now: number) => {
  const rows = jobs.map((j) => toJobRow(j.cluster, j, now));
  await db.transaction().execute(async (trx) => {
    await sql`set local synchronous_commit = off`.execute(trx);
    const before = await storedContributions(
      trx,
      clusterId,
      rows.map((r) => r.job_id),
    );
    await runBulkWrites(trx, [
      jobsUpsert(trx, rows),
      usageTotalsWrite(trx, usageDeltas(rows, before)),
      ...dailyWrites(trx, dailyDeltas(days, rows, before)),
    ]);
  });
};

const main = async () => {
  const url = args['pg-url'];
  if (!url) throw new Error('set DATABASE_URL or --pg-url');
  const h = await openDatabase(parseConfig({ dataDir: tmpdir(), database: { url, schema: args['pg-schema'] as string } }));
  try {
    // New jobs in end-time order after the newest stored one, as accounting hands them over.
    const stored = await newest(h.db);
    const batches = ingestBatches(Number(args.seed), stored.endAt, stored.id + 1, Number(args.batches), 1000);
    const repo = new JobsRepository(h.db, days);
    const paths = [
      ['as now', (c: string, js: BenchJob[]) => repo.saveFinished(c, js, Date.now())],
      ['every job by the upsert', (c: string, js: BenchJob[]) => saveAllUpserted(h.db, c, js, Date.now())],
      ['VALUES upserts (before run E)', (c: string, js: BenchJob[]) => saveAsBefore(h.db, c, js, Date.now())],
    ] as const;
    const times = paths.map(() => [] as number[]);
    for (const [b, batch] of batches.entries()) {
      const p = b % paths.length;
      const t = performance.now();
      for (const [cluster, js] of byCluster(batch)) await paths[p]?.[1](cluster, js);
      times[p]?.push(performance.now() - t);
    }
    const rate = (xs: number[]) => Math.round((xs.length * 1000) / (xs.reduce((s, x) => s + x, 0) / 1000));
    process.stdout.write(
      `saveFinished, ${args.batches} batches of 1000 taking turns: ${paths.map(([name], p) => `${name} ${rate(times[p] ?? [])} jobs/s`).join(', ')}\n`,
    );
  } finally {
    await h.close();
  }
};

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
