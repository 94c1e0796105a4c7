/*
 * bench/metrics: the embedded metric store's ingest rate and the backtrack's latency (issue 15).
 *
 * On SQLite and on PostgreSQL (DATABASE_URL, or --pg-url), one after the other, in the schema the
 * server's migrations make:
 * 1. Store ingest: --nodes nodes × every catalogue metric as one scrape round's batch, --rounds
 *    rounds 15 s apart through MetricStore.write (what the collector writes), samples/s.
 * 2. Collector ingest: --targets exporters answering a real node_exporter's exposition (captured
 *    from prometheus-node-exporter on a free port), scraped over HTTP by EmbeddedMetricSource's
 *    scrapeRound (fetch, parse, catalogue, rates, one write), --rounds rounds: rows/s and the
 *    exposition samples/s it read.
 * 3. Backtrack: --series-nodes nodes × 5 metrics with a day of raw samples every 15 s, a month of
 *    5-minute and a year of hourly rollups; then the history of 5 nodes × 2 metrics (10 series)
 *    over a day (raw), a week and a month (5-minute rollups) and a year (hourly rollups), --runs
 *    timings after one warm-up, p50 and p95. Goal: under 200 ms.
 *
 *   node_modules/.bin/tsx --conditions=source bench/metrics/run.ts [--nodes 1000] [--rounds 20]
 *     [--targets 200] [--series-nodes 20] [--runs 20] [--only sqlite|postgres]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import {
  CATALOGUE,
  CATALOGUE_FAMILIES,
  catalogueEntry,
  type CatalogueEntry,
} from '../../apps/server/src/cluster/metrics/catalogue.js';
import { EmbeddedMetricSource } from '../../apps/server/src/cluster/metrics/embedded-source.js';
import { MetricStore } from '../../apps/server/src/cluster/metrics/metric-store.js';
import { parseConfig } from '../../apps/server/src/config/load.js';
import { openDatabase, type DbHandle } from '../../apps/server/src/db/database.js';
import type { MetricRawRow } from '../../apps/server/src/db/metric-tables.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { silentLogger } from '../../apps/server/src/lib/logger.js';
import { startNodeExporter } from '../../apps/server/src/test/prometheus.js';

const { values: args } = parseArgs({
  options: {
    nodes: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '20' },
    targets: { type: 'string', default: '200' },
    'series-nodes': { type: 'string', default: '20' },
    runs: { type: 'string', default: '20' },
    only: { type: 'string' },
    'pg-url': { type: 'string', default: process.env.DATABASE_URL },
  },
});
const NODES = Number(args.nodes);
const ROUNDS = Number(args.rounds);
const TARGETS = Number(args.targets);
const SERIES_NODES = Number(args['series-nodes']);
const RUNS = Number(args.runs);
const DAY = 86_400_000;

const log = (m: string) => process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${m}\n`);
const say = (text: string) => process.stdout.write(`${text}\n`);
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number;
};
const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const entry = (id: string): CatalogueEntry => {
  const e = catalogueEntry(id);
  if (!e) throw new Error(`no metric ${id}`);
  return e;
};

/** A clock the bench sets: samples land where the bench wants them. */
class SetClock {
  t = Date.now();
  now() {
    return this.t;
  }
}

const storeIngest = async (h: DbHandle) => {
  const store = new MetricStore(h.db);
  const ids: number[] = [];
  for (let n = 0; n < NODES; n++) for (const e of CATALOGUE) ids.push(await store.seriesId('bench', `cn${n}`, e.id));
  const start = Date.now() - 2 * DAY;
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const ts = start + r * 15_000;
    const rows: MetricRawRow[] = ids.map((id, i) => ({ series_id: id, ts, value: (i * 7 + r) % 100, raw: null }));
    const t = performance.now();
    await store.write(rows);
    times.push(performance.now() - t);
  }
  const perRound = ids.length;
  const total = times.reduce((a, b) => a + b, 0);
  return {
    perRound,
    samplesPerSecond: (perRound * ROUNDS) / (total / 1000),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
  };
};

const collectorIngest = async (h: DbHandle, exposition: string) => {
  const server = createServer((_req, res) => res.end(exposition));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const clock = new SetClock();
  clock.t = Date.now() - DAY;
  const source = new EmbeddedMetricSource(
    new MetricStore(h.db),
    {
      clusterId: 'bench-collector',
      targets: Array.from({ length: TARGETS }, (_, i) => ({ resource: `t${i}`, url: `http://127.0.0.1:${port}/metrics?t=${i}` })),
      intervalSeconds: 15,
      timeoutSeconds: 30,
      retentionDays: 7,
      rollupRetentionDays: 400,
    },
    clock,
    silentLogger,
  );
  await source.scrapeRound(); // makes the series
  const times: number[] = [];
  let rows = 0;
  for (let r = 0; r < ROUNDS; r++) {
    clock.t += 15_000;
    const t = performance.now();
    rows += (await source.scrapeRound()).samples;
    times.push(performance.now() - t);
  }
  server.close();
  const total = times.reduce((a, b) => a + b, 0) / 1000;
  const lines = exposition.split('\n').filter((l) => l !== '' && !l.startsWith('#')).length;
  return {
    rowsPerSecond: rows / total,
    expositionSamplesPerSecond: (lines * TARGETS * ROUNDS) / total,
    roundP50: percentile(times, 50),
  };
};

const backtrack = async (h: DbHandle) => {
  const store = new MetricStore(h.db);
  const metrics = ['cpu.usage', 'memory.used', 'cpu.load1', 'network.receive', 'disk.readBytes'].map(entry);
  const now = Date.UTC(2026, 10, 26, 12, 0, 0);
  const ids: number[] = [];
  for (let n = 0; n < SERIES_NODES; n++)
    for (const m of metrics) ids.push(await store.seriesId('bench-back', `gv${n + 1}`, m.id));
  // A day of raw samples every 15 s.
  log(`  raw: ${ids.length} series × 5,760 samples`);
  for (let ts = now - DAY; ts < now; ts += 15 * 60_000) {
    const rows: MetricRawRow[] = [];
    for (let t = ts; t < ts + 15 * 60_000; t += 15_000)
      for (const id of ids) rows.push({ series_id: id, ts: t, value: (id * 13 + t / 15_000) % 100, raw: null });
    await store.write(rows);
  }
  // A month of 5-minute and a year of hourly rollups, written as the rollup would.
  const rollups = async (table: 'metric_rollup_5m' | 'metric_rollup_1h', step: number, span: number) => {
    log(`  ${table}: ${ids.length} series × ${span / step} buckets`);
    const chunk = 500;
    let batch: { series_id: number; ts: number; min: number; max: number; sum: number; count: number }[] = [];
    for (let ts = now - span; ts < now; ts += step)
      for (const id of ids) {
        batch.push({ series_id: id, ts, min: 1, max: 99, sum: 50 * (step / 15_000), count: step / 15_000 });
        if (batch.length >= chunk) {
          await h.db.insertInto(table).values(batch).execute();
          batch = [];
        }
      }
    if (batch.length > 0) await h.db.insertInto(table).values(batch).execute();
  };
  await rollups('metric_rollup_5m', 300_000, 31 * DAY);
  await rollups('metric_rollup_1h', 3_600_000, 365 * DAY);
  for (const level of ['5m', '1h'])
    await h.db
      .insertInto('metric_rollup_state')
      .values({ level, done_until: now - 600_000 })
      .onConflict((oc) => oc.column('level').doUpdateSet({ done_until: now - 600_000 }))
      .execute();
  const clock = new SetClock();
  clock.t = now;
  const source = new EmbeddedMetricSource(
    store,
    { clusterId: 'bench-back', targets: [], intervalSeconds: 15, timeoutSeconds: 5, retentionDays: 7, rollupRetentionDays: 400 },
    clock,
    silentLogger,
  );
  const out: (string | number)[][] = [];
  for (const [name, span] of [
    ['day', DAY],
    ['week', 7 * DAY],
    ['month', 31 * DAY],
    ['year', 365 * DAY],
  ] as const) {
    const req = { resources: ['gv1', 'gv2', 'gv3', 'gv4', 'gv5'], metrics: metrics.slice(0, 2), from: now - span, to: now };
    const first = await source.history(req);
    const points = first.series.reduce((a, s) => a + s.points.filter((p) => p.value !== null).length, 0);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await source.history(req);
      times.push(performance.now() - t);
    }
    out.push([name, first.resolution, first.stepSeconds, points, fmt(percentile(times, 50)), fmt(percentile(times, 95))]);
  }
  return out;
};

const table = (head: string[], rows: (string | number)[][]) => {
  say(`| ${head.join(' | ')} |`);
  say(`| ${head.map(() => '---').join(' | ')} |`);
  for (const r of rows) say(`| ${r.join(' | ')} |`);
};

const main = async () => {
  say(
    `bench/metrics on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const exporter = await startNodeExporter();
  const exposition = await (await fetch(exporter.url)).text();
  await exporter.stop();
  const families = new Set(
    exposition
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => /^[A-Za-z_:][A-Za-z0-9_:]*/.exec(l)?.[0]),
  );
  say(
    `node_exporter exposition: ${exposition.split('\n').filter((l) => l && !l.startsWith('#')).length} samples in ${families.size} families; the catalogue reads ${CATALOGUE_FAMILIES.size} families, ${CATALOGUE.length} metrics`,
  );
  const backends: { name: string; open: () => Promise<{ h: DbHandle; done: () => Promise<void> }> }[] = [];
  if (args.only !== 'postgres')
    backends.push({
      name: 'SQLite',
      open: async () => {
        const dir = mkdtempSync(join(tmpdir(), 'portal-bench-metrics-'));
        const h = await openDatabase(parseConfig({ dataDir: dir, database: { url: join(dir, 'portal.db') } }));
        return { h, done: async () => (await h.close(), rmSync(dir, { recursive: true, force: true })) };
      },
    });
  if (args.only !== 'sqlite' && args['pg-url']) {
    const url = args['pg-url'];
    backends.push({
      name: 'PostgreSQL',
      open: async () => {
        const schema = `bench_metrics_${process.pid}`;
        const h = await openDatabase(parseConfig({ dataDir: tmpdir(), database: { url, schema } }));
        return {
          h,
          done: async () => {
            await sql`drop schema ${sql.id(schema)} cascade`.execute(h.db);
            await h.close();
          },
        };
      },
    });
  }
  for (const b of backends) {
    log(`${b.name}`);
    const { h, done } = await b.open();
    try {
      await migrateToLatest(h);
      log('store ingest');
      const s = await storeIngest(h);
      log('collector ingest');
      const c = await collectorIngest(h, exposition);
      log('backtrack data');
      const back = await backtrack(h);
      say(`\n### ${b.name}\n`);
      table(
        ['ingest', 'per round', 'samples/s', 'round p50 (ms)', 'round p95 (ms)'],
        [
          [
            'MetricStore.write',
            `${s.perRound} rows (${NODES} nodes × ${CATALOGUE.length})`,
            fmt(s.samplesPerSecond),
            fmt(s.p50),
            fmt(s.p95),
          ],
          [
            'scrapeRound over HTTP',
            `${TARGETS} targets`,
            `${fmt(c.rowsPerSecond)} rows (${fmt(c.expositionSamplesPerSecond)} exposition samples)`,
            fmt(c.roundP50),
            '',
          ],
        ],
      );
      say('');
      table(['backtrack (10 series)', 'resolution', 'step (s)', 'points', 'p50 (ms)', 'p95 (ms)'], back);
    } finally {
      await done();
    }
  }
};

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
