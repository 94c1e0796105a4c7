/*
 * bench/reports: a year's usage report from the daily rollups against the same numbers grouped
 * from the raw jobs table, and the ingest rate with the rollups kept (issue 13).
 *
 * On SQLite and on PostgreSQL (DATABASE_URL, or --pg-url), one after the other:
 * 1. --jobs synthetic finished jobs over ten years (generate.ts: 2,000 users, 300 accounts,
 *    10 queues, 2 clusters, skewed), bulk-loaded into the schema the server's migrations make
 *    (load.ts), then the rollups (usage_daily) recounted from them by the server's
 *    rebuildDailyRollups, in the report zone --zone (UTC by default).
 * 2. The report for 2025 (the data's last full year) by user, by queue and by account: from the
 *    rollups (ReportsRepository.sums) and by a GROUP BY over the jobs that ended in the year (the
 *    server's referenceSums); the two must be equal (the run fails otherwise). --runs timings of each after one warm-up, p50 and p95, and raw / rollup.
 * 3. Ingest: --batches batches of --batch-size new jobs in end-time order after the newest stored
 *    job (as accounting hands them to JobIngest; generate.ts ingestBatches), after --warmup untimed
 *    ones, alternately through JobsRepository.saveFinished (jobs, usage_totals and the rollups in
 *    one transaction) and the same transaction without the rollups (ingest.ts), jobs/s of each.
 * 4. Row counts and the bytes of each table and index, for the extrapolation to 100M jobs.
 *
 * The data stays for a later run with --keep (SQLite file --sqlite-file, PostgreSQL schema
 * --pg-schema); a run finding at least --jobs jobs there skips the load (--rebuild rebuilds the
 * rollups all the same).
 *
 *   node_modules/.bin/tsx --conditions=source bench/reports/run.ts [--jobs 10000000] [--runs 10]
 *     [--raw-runs 5] [--batches 100] [--warmup 20] [--batch-size 1000] [--only sqlite|postgres] [--keep]
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type DbHandle } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { parseConfig } from '../../apps/server/src/config/load.js';
import { ingestBatches, REPORT_YEAR } from './generate.js';
import { timeIngest } from './ingest.js';
import { loadPostgres, loadSqlite } from './load.js';
import { count, newest, sizes } from './measure.js';
import { differences, DIMENSIONS, rawReport, rebuildRollups, rollupReport } from './rollups.js';
import { zoneDays } from '../../apps/server/src/lib/zone-days.js';
import type { UsageSums } from '../../apps/server/src/modules/reports/reports.repository.js';

const { values: args } = parseArgs({
  options: {
    jobs: { type: 'string', default: '10000000' },
    runs: { type: 'string', default: '10' },
    'raw-runs': { type: 'string', default: '5' },
    batches: { type: 'string', default: '100' },
    /** Ingest batches written before the timed ones (not timed). */
    warmup: { type: 'string', default: '20' },
    'batch-size': { type: 'string', default: '1000' },
    only: { type: 'string' },
    'pg-url': { type: 'string', default: process.env.DATABASE_URL },
    'sqlite-file': { type: 'string' },
    'pg-schema': { type: 'string', default: 'bench_reports' },
    keep: { type: 'boolean', default: false },
    /** The report time zone (reports.timeZone): the days the rollups count. */
    zone: { type: 'string', default: 'UTC' },
    /** Rebuild the rollups of kept data (after the rebuild's code changed). */
    rebuild: { type: 'boolean', default: false },
  },
});
const JOBS = Number(args.jobs);

const log = (m: string) => process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${m}\n`);
const say = (text: string) => process.stdout.write(`${text}\n`);
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number;
};
const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const mib = (b: number) => `${(b / 1048576).toFixed(1)} MiB`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const table = (head: string[], rows: (string | number)[][]) => {
  say(`| ${head.join(' | ')} |`);
  say(`| ${head.map(() => '---').join(' | ')} |`);
  for (const r of rows) say(`| ${r.join(' | ')} |`);
};

const timed = async <T>(runs: number, f: () => Promise<T>) => {
  const result = await f(); // warm-up, and the answer to check
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await f();
    times.push(performance.now() - t);
  }
  return { result, p50: percentile(times, 50), p95: percentile(times, 95) };
};

const open = (url: string, schema?: string) =>
  openDatabase(parseConfig({ dataDir: tmpdir(), database: schema ? { url, schema } : { url } }));

interface Backend {
  name: 'sqlite' | 'postgres';
  /** Opens (and migrates) the database; loads the jobs unless they are there already. */
  prepare(): Promise<DbHandle>;
  dispose(): Promise<void>;
}

const sqliteBackend = (): Backend => {
  const dir = args['sqlite-file'] ? undefined : mkdtempSync(join(tmpdir(), 'portal-bench-reports-'));
  const file = args['sqlite-file'] ?? join(dir as string, 'portal.db');
  return {
    name: 'sqlite',
    prepare: async () => {
      let h = await open(file);
      await migrateToLatest(h);
      if ((await count(h.db, 'jobs')) < JOBS) {
        await h.close();
        loadSqlite(file, JOBS, log);
        h = await open(file);
        await rebuild(h);
      } else if (args.rebuild) await rebuild(h);
      return h;
    },
    dispose: async () => {
      if (!args.keep && dir) rmSync(dir, { recursive: true, force: true });
      else log(`sqlite data kept in ${file}`);
    },
  };
};

const postgresBackend = (url: string): Backend => {
  const schema = args['pg-schema'] as string;
  return {
    name: 'postgres',
    prepare: async () => {
      const h = await open(url, schema);
      await migrateToLatest(h);
      if ((await count(h.db, 'jobs')) < JOBS) {
        await sql`truncate jobs, usage_daily, usage_monthly, usage_totals`.execute(h.db);
        await loadPostgres(url, schema, JOBS, log);
        await rebuild(h);
      } else if (args.rebuild) await rebuild(h);
      return h;
    },
    dispose: async () => {
      if (args.keep) {
        log(`postgres data kept in schema ${schema}`);
        return;
      }
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema if exists "${schema}" cascade`);
      await c.end();
    },
  };
};

const rebuild = async (h: DbHandle) => {
  const t = performance.now();
  const done = await rebuildRollups(h, args.zone as string);
  log(
    `${h.dialect}: rollups rebuilt (rebuildDailyRollups, ${done.jobs} jobs, ${done.rows} rows) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
};

const benchOne = async (backend: Backend) => {
  const t0 = performance.now();
  const h = await backend.prepare();
  const prepared = (performance.now() - t0) / 1000;
  try {
    const jobs = await count(h.db, 'jobs');
    const daily = await count(h.db, 'usage_daily');
    const monthly = await count(h.db, 'usage_monthly');
    const yearRows = Number(
      (
        await h.db
          .selectFrom('usage_daily')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('day', '>=', REPORT_YEAR * 10000 + 101)
          .where('day', '<=', REPORT_YEAR * 10000 + 1231)
          .executeTakeFirstOrThrow()
      ).n,
    );
    say(
      `\n## ${backend.name}: ${jobs.toLocaleString('en')} jobs, ${daily.toLocaleString('en')} usage_daily rows, ${monthly.toLocaleString('en')} usage_monthly rows (prepared in ${prepared.toFixed(0)} s)\n`,
    );

    // 2. The year's report, three ways, rollups against raw.
    const rows: (string | number)[][] = [];
    for (const by of DIMENSIONS) {
      const rollup = await timed(Number(args.runs), () => rollupReport(h, by, REPORT_YEAR));
      const raw = await timed(Number(args['raw-runs']), () => rawReport(h, args.zone as string, by, REPORT_YEAR));
      const diff = differences(rollup.result, raw.result);
      if (diff.length) throw new Error(`${backend.name}, by ${by}: the rollups and the raw jobs differ:\n${diff.join('\n')}`);
      const sum = (r: UsageSums[]) => r.reduce((s, f) => s + f.jobs, 0);
      rows.push([
        by,
        rollup.result.length,
        sum(rollup.result).toLocaleString('en'),
        fmt(rollup.p50),
        fmt(rollup.p95),
        fmt(raw.p50),
        fmt(raw.p95),
        `${fmt(raw.p50 / rollup.p50)}×`,
      ]);
      log(`${backend.name}: by ${by} done (load ${load()})`);
    }
    say(
      `Report for ${REPORT_YEAR} (${yearRows.toLocaleString('en')} usage_daily rows in the year; rollup runs ${args.runs}, raw runs ${args['raw-runs']}; ms; equal answers checked):\n`,
    );
    table(['by', 'rows', 'jobs in year', 'rollup p50', 'rollup p95', 'raw p50', 'raw p95', 'raw / rollup (p50)'], rows);

    // 3. Ingest through the server's path.
    const size = Number(args['batch-size']);
    // New jobs in end-time order after the newest stored one, as accounting hands them over.
    const stored = await newest(h.db);
    const warmup = Number(args.warmup);
    const batches = ingestBatches(99, stored.endAt, stored.id + 1, warmup + Number(args.batches), size);
    const ingest = await timeIngest(h.db, zoneDays(args.zone as string), batches, warmup);
    const rate = (times: number[]) => Math.round((times.length * size) / (times.reduce((s, x) => s + x, 0) / 1000));
    say(
      `\nIngest: ${args.batches} batches of ${size} new jobs in end-time order after the stored ones (one call per cluster, after ${warmup} untimed), alternating with and without the rollups, load ${load()}:\n`,
    );
    table(
      ['path', 'batches', 'jobs/s', 'batch p50 (ms)', 'batch p95 (ms)'],
      [
        ['saveFinished (jobs + usage_totals + usage_daily + usage_monthly)', ingest.withRollups],
        ['the same without the rollups (the base)', ingest.without],
      ].map(([name, times]) => [
        name as string,
        (times as number[]).length,
        rate(times as number[]).toLocaleString('en'),
        fmt(percentile(times as number[], 50)),
        fmt(percentile(times as number[], 95)),
      ]),
    );

    // 4. Sizes.
    const s = await sizes(h.db, h.dialect, h.schema);
    say(
      `\nSizes (${backend.name}; rows: jobs ${(await count(h.db, 'jobs')).toLocaleString('en')}, usage_daily ${(await count(h.db, 'usage_daily')).toLocaleString('en')}):\n`,
    );
    table(
      ['table or index', 'size'],
      s.map((x) => [x.name, mib(x.bytes)]),
    );
    if (h.dialect === 'sqlite' && args['sqlite-file'] && existsSync(args['sqlite-file']))
      say(`\nSQLite file: ${mib(statSync(args['sqlite-file']).size)}`);
  } finally {
    await h.close();
    await backend.dispose();
  }
};

const main = async () => {
  say(
    `bench/reports, ${new Date().toISOString()}: ${cpus().length} cores (${cpus()[0]?.model}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load ${load()}; --jobs ${JOBS}`,
  );
  const backends: Backend[] = [];
  if (args.only !== 'postgres') backends.push(sqliteBackend());
  if (args.only !== 'sqlite') {
    if (!args['pg-url']) throw new Error('PostgreSQL: set DATABASE_URL or --pg-url (or --only sqlite)');
    backends.push(postgresBackend(args['pg-url']));
  }
  for (const b of backends) await benchOne(b);
  say(`\nload at the end: ${load()}`);
};

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
