/*
 * bench/reports: the server's report and ingest as they are now against as they were before this
 * branch (run D), alternating on one kept database, so both meet the same machine at the same
 * moment:
 * - the year's report: ReportsRepository.sums against the query before (usage_daily read over the
 *   whole range with its whole months filtered out, beside usage_monthly);
 * - ingest: saveFinished through the server's connection against saveFinished through a plain
 *   Kysely connection as before (SQLite: a statement prepared for every query; PostgreSQL: the
 *   commit waiting for its WAL flush).
 *
 *   node_modules/.bin/tsx --conditions=source bench/reports/compare.ts --sqlite-file F | --pg-url U [--pg-schema S]
 *     [--runs 20] [--batches 20]
 */
import { loadavg, tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { parseConfig } from '../../apps/server/src/config/load.js';
import { openDatabase } from '../../apps/server/src/db/database.js';
import type { Database } from '../../apps/server/src/db/types.js';
import { isPostgres, runBulkWrites } from '../../apps/server/src/db/bulk-writes.js';
import { jobsUpsert } from '../../apps/server/src/modules/jobs/jobs-upsert.js';
import { dailyDeltas, dailyWrites } from '../../apps/server/src/modules/jobs/usage-daily.js';
import { storedContributions, usageDeltas, usageTotalsWrite } from '../../apps/server/src/modules/jobs/usage-totals.js';
import { zoneDays, type ZoneDays } from '../../apps/server/src/lib/zone-days.js';
import { JobsRepository, toJobRow } from '../../apps/server/src/modules/jobs/jobs.repository.js';
import {
  ReportsRepository,
  toSums,
  wholeMonths,
  type UsageSums,
} from '../../apps/server/src/modules/reports/reports.repository.js';
import { byCluster, ingestBatches, REPORT_YEAR, type BenchJob } from './generate.js';
import { newest } from './measure.js';
import { differences, DIMENSIONS, type Dimension } from './rollups.js';

const { values: args } = parseArgs({
  options: {
    'pg-url': { type: 'string' },
    'pg-schema': { type: 'string', default: 'bench_reports' },
    'sqlite-file': { type: 'string' },
    runs: { type: 'string', default: '20' },
    batches: { type: 'string', default: '20' },
    seed: { type: 'string', default: '31' },
  },
});
/** Rows per multi-row VALUES statement on SQLite before run G (200 for jobs and totals, 500 for the rollups; 200 here for all). */
const CHUNK_BEFORE = 200;
const days: ZoneDays = zoneDays('UTC');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number;
};
const say = (t: string) => process.stdout.write(`${t}\n`);

const column = { user: 'user_name', account: 'account', queue: 'queue' } as const;

/** The year's report as read before: usage_daily over the whole year, its whole months filtered out, plus usage_monthly. */
const reportAsBefore = async (db: Kysely<Database>, by: Dimension): Promise<UsageSums[]> => {
  const from = REPORT_YEAR * 10000 + 101;
  const to = REPORT_YEAR * 10000 + 1231;
  const m = wholeMonths(from, to) as { first: number; last: number };
  const c = column[by];
  const daily = await db
    .selectFrom('usage_daily')
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where((eb) => eb.or([eb('day', '<', m.first * 100), eb('day', '>', m.last * 100 + 99)]))
    .select((eb) => [
      eb.ref(c).as('key'),
      eb.fn.sum<number>('jobs').as('jobs'),
      eb.fn.sum<number>('core_seconds').as('core'),
      eb.fn.sum<number>('card_seconds').as('card'),
    ])
    .groupBy(c)
    .execute();
  const monthly = await db
    .selectFrom('usage_monthly')
    .where('dim', '=', by)
    .where('month', '>=', m.first)
    .where('month', '<=', m.last)
    .select((eb) => [
      'key',
      eb.fn.sum<number>('jobs').as('jobs'),
      eb.fn.sum<number>('core_seconds').as('core'),
      eb.fn.sum<number>('card_seconds').as('card'),
    ])
    .groupBy('key')
    .execute();
  const added = new Map<string, UsageSums>();
  for (const r of [...daily, ...monthly].map(toSums)) {
    const a = added.get(r.key);
    if (!a) added.set(r.key, { ...r });
    else {
      a.jobs += r.jobs;
      a.coreSeconds += r.coreSeconds;
      a.cardSeconds += r.cardSeconds;
    }
  }
  return [...added.values()].filter((r) => r.jobs !== 0 || r.coreSeconds !== 0 || r.cardSeconds !== 0);
};

const toRow = (j: BenchJob, at: number) => toJobRow(j.cluster, j, at);

/**
 * saveFinished as before this branch: the same statements; on SQLite each compiled by Kysely and
 * prepared anew (the plain connection), on PostgreSQL the commit waiting for its WAL flush.
 */
const saveAsBefore = async (db: Kysely<Database>, clusterId: string, jobs: BenchJob[], at: number) => {
  const rows = jobs.map((j) => toRow(j, at));
  await db.transaction().execute(async (trx) => {
    const stored = await storedContributions(
      trx,
      clusterId,
      rows.map((r) => r.job_id),
    );
    const writes = [
      jobsUpsert(trx, rows),
      usageTotalsWrite(trx, usageDeltas(rows, stored)),
      ...dailyWrites(trx, dailyDeltas(days, rows, stored)),
    ];
    if (isPostgres(trx)) await runBulkWrites(trx, writes);
    // SQLite: Kysely compiles each chunk's statement.
    else
      for (const w of writes)
        for (let i = 0; i < w.rows.length; i += CHUNK_BEFORE)
          await trx.executeQuery(w.statement(w.rows.slice(i, i + CHUNK_BEFORE), false).compile());
  });
};

const main = async () => {
  const sqliteFile = args['sqlite-file'];
  const database = sqliteFile ? { url: sqliteFile } : { url: args['pg-url'] as string, schema: args['pg-schema'] as string };
  const now = await openDatabase(parseConfig({ dataDir: tmpdir(), database }));
  // Before: SQLite through a plain connection (a statement prepared for each query).
  const before = sqliteFile
    ? (() => {
        const s = new SQLite(sqliteFile);
        s.pragma('journal_mode = WAL');
        s.pragma('busy_timeout = 5000');
        s.pragma('synchronous = NORMAL');
        return new Kysely<Database>({ dialect: new SqliteDialect({ database: s }) });
      })()
    : now.db;
  const name = now.dialect;
  try {
    say(`## ${name}, ${new Date().toISOString()}, load ${load()}`);
    const runs = Number(args.runs);
    for (const by of DIMENSIONS) {
      const a = await new ReportsRepository(now.db).sums({ from: REPORT_YEAR * 10000 + 101, to: REPORT_YEAR * 10000 + 1231 }, by);
      const b = await reportAsBefore(before, by);
      const diff = differences(a, b);
      if (diff.length) throw new Error(`by ${by}: now and before differ\n${diff.join('\n')}`);
      const t = { now: [] as number[], before: [] as number[] };
      for (let i = 0; i < runs * 2; i++) {
        const s = performance.now();
        if (i % 2 === 0)
          await new ReportsRepository(now.db).sums({ from: REPORT_YEAR * 10000 + 101, to: REPORT_YEAR * 10000 + 1231 }, by);
        else await reportAsBefore(before, by);
        (i % 2 === 0 ? t.now : t.before).push(performance.now() - s);
      }
      say(
        `report by ${by}: now p50 ${percentile(t.now, 50).toFixed(1)} / p95 ${percentile(t.now, 95).toFixed(1)} ms; before p50 ${percentile(t.before, 50).toFixed(1)} / p95 ${percentile(t.before, 95).toFixed(1)} ms (load ${load()})`,
      );
    }

    // New jobs in end-time order after the newest stored one, as accounting hands them over.
    const stored = await newest(now.db);
    const batches = ingestBatches(Number(args.seed), stored.endAt, stored.id + 1, Number(args.batches) * 2, 1000);
    const repo = new JobsRepository(now.db, days);
    const t = { now: [] as number[], before: [] as number[] };
    for (const [b, batch] of batches.entries()) {
      const which = b % 2 === 0 ? 'now' : 'before';
      const s = performance.now();
      for (const [cluster, js] of byCluster(batch))
        if (which === 'now') await repo.saveFinished(cluster, js, Date.now());
        else await saveAsBefore(before, cluster, js, Date.now());
      t[which].push(performance.now() - s);
    }
    const rate = (xs: number[]) => Math.round((xs.length * 1000) / (xs.reduce((s, x) => s + x, 0) / 1000));
    say(
      `ingest, ${args.batches} batches of 1000 each, alternating: now ${rate(t.now)} jobs/s (p50 ${percentile(t.now, 50).toFixed(1)} ms), before ${rate(t.before)} jobs/s (p50 ${percentile(t.before, 50).toFixed(1)} ms) (load ${load()})`,
    );
  } finally {
    if (before !== now.db) await before.destroy();
    await now.close();
  }
};

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
