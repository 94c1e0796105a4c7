/*
 * bench/reports: ingest on kept SQLite data through the server's connection (openDatabase: a 64 MB
 * page cache, a checkpoint every 64 MB of WAL) against the same file opened with SQLite's defaults
 * for both (2 MB, 4 MB) and the server's other settings, batches alternating between the two, so
 * both meet the same machine at the same moment. Each batch: new jobs in end-time order after the
 * newest stored one, one saveFinished a cluster, as bench/reports/run.ts does.
 *
 *   node_modules/.bin/tsx --conditions=source bench/reports/sqlite-settings.ts --sqlite-file F
 *     [--batches 10] [--batch-size 1000]
 */
import { loadavg, tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { parseConfig } from '../../apps/server/src/config/load.js';
import { openDatabase, SQLITE_CACHE_KIB, SQLITE_CHECKPOINT_PAGES } from '../../apps/server/src/db/database.js';
import { zoneDays } from '../../apps/server/src/lib/zone-days.js';
import { JobsRepository } from '../../apps/server/src/modules/jobs/jobs.repository.js';
import { byCluster, ingestBatches } from './generate.js';
import { newest } from './measure.js';

const { values: args } = parseArgs({
  options: {
    'sqlite-file': { type: 'string' },
    batches: { type: 'string', default: '10' },
    'batch-size': { type: 'string', default: '1000' },
  },
});
const file = args['sqlite-file'];
if (!file) throw new Error('--sqlite-file: a database kept by bench/reports/run.ts --keep');

const open = () => openDatabase(parseConfig({ dataDir: tmpdir(), database: { url: file } }));
const server = await open();
// The server's connection but for the two settings measured here, set back to SQLite's defaults.
const defaults = await open();
await sql.raw('pragma cache_size = -2000').execute(defaults.db);
await sql.raw('pragma wal_autocheckpoint = 1000').execute(defaults.db);
const paths = [
  { name: `server: cache ${SQLITE_CACHE_KIB / 1024} MB, checkpoint every ${SQLITE_CHECKPOINT_PAGES} pages`, ...server },
  { name: "SQLite's defaults: cache 2 MB, checkpoint every 1,000 pages", ...defaults },
];

const days = zoneDays('UTC');
const size = Number(args['batch-size']);
// New jobs in end-time order after the newest stored one; both connections take turns at them.
const stored = await newest(server.db);
const batches = ingestBatches(Date.now() % 100_000, stored.endAt, stored.id + 1, 2 * Number(args.batches), size);
const times = paths.map(() => [] as number[]);
for (const [b, batch] of batches.entries()) {
  const p = b % paths.length;
  const repo = new JobsRepository((paths[p] as (typeof paths)[number]).db, days);
  const t = performance.now();
  for (const [cluster, jobs] of byCluster(batch)) await repo.saveFinished(cluster, jobs, Date.now());
  times[p]?.push(performance.now() - t);
}

const say = (text: string) => process.stdout.write(`${text}\n`);
const percentile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)] ?? 0;
say(`| connection | batches of ${size} | jobs/s | batch p50 (ms) | batch p95 (ms) |\n| --- | --- | --- | --- | --- |`);
for (const [p, path] of paths.entries()) {
  const xs = times[p] ?? [];
  const rate = Math.round((xs.length * size) / (xs.reduce((s, x) => s + x, 0) / 1000));
  say(
    `| ${path.name} | ${xs.length} | ${rate.toLocaleString('en')} | ${percentile(xs, 0.5).toFixed(1)} | ${percentile(xs, 0.95).toFixed(1)} |`,
  );
}
say(
  `\nload ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
await server.close();
await defaults.close();
