/*
 * bench/alarms: what the alarm engine costs per collection round (issue 16).
 *
 * On SQLite and on PostgreSQL (DATABASE_URL, or --pg-url), one after the other, in the schema the
 * server's migrations make: --resources servers spread over --templates threshold templates, each
 * with --indicators indicators (alarm count 3, recovery count 2), and rounds of samples for every
 * resource and every catalogue metric, handled as the embedded collector handles a round: written
 * to the metric store (MetricStore.write), then handed to the evaluator (AlarmEvaluator.onSamples:
 * the rules read from the templates, every watched key's sample applied to its state). In the
 * "quiet" rounds nothing is hit; in the "storm" rounds a tenth of the resources flap across the
 * thresholds, so alarms are raised, change severity and recover. Each database runs twice, fresh:
 * every key on the one-key path (a few rounds: it is slow), then with quiet keys held in memory.
 * It reports the store's write and the evaluation per round (p50, p95), the watched samples
 * evaluated per second, and the time to flush the held keys.
 *
 *   node_modules/.bin/tsx --conditions=source bench/alarms/run.ts [--resources 10000]
 *     [--templates 1000] [--indicators 5] [--rounds 10] [--one-by-one-rounds 3] [--only sqlite|postgres]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { CATALOGUE } from '../../apps/server/src/cluster/metrics/catalogue.js';
import { MetricStore } from '../../apps/server/src/cluster/metrics/metric-store.js';
import type { CollectedSample, MetricSource } from '../../apps/server/src/cluster/metrics/types.js';
import { parseConfig } from '../../apps/server/src/config/load.js';
import { openDatabase, type DbHandle } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { silentLogger } from '../../apps/server/src/lib/logger.js';
import { AlarmEvaluator } from '../../apps/server/src/modules/alarms/alarm-evaluator.js';
import { AlarmRules } from '../../apps/server/src/modules/alarms/alarm-rules.service.js';
import { AlarmStatesRepository } from '../../apps/server/src/modules/alarms/alarm-states.repository.js';
import { AlarmTemplatesRepository } from '../../apps/server/src/modules/alarms/alarm-templates.repository.js';
import { AlarmTemplatesService } from '../../apps/server/src/modules/alarms/alarm-templates.service.js';
import { indicatorsOf } from '../../apps/server/src/modules/alarms/indicators.js';

const { values: args } = parseArgs({
  options: {
    resources: { type: 'string', default: '10000' },
    templates: { type: 'string', default: '1000' },
    indicators: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '10' },
    'one-by-one-rounds': { type: 'string', default: '3' },
    only: { type: 'string' },
    'pg-url': { type: 'string', default: process.env.DATABASE_URL },
  },
});
const RESOURCES = Number(args.resources);
const INDICATORS = Number(args.indicators);
const TEMPLATES = Number(args.templates);
const ROUNDS = Number(args.rounds);
const ONE_BY_ONE_ROUNDS = Number(args['one-by-one-rounds']);
const INTERVAL_MS = 15_000;

const log = (m: string) => process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${m}\n`);
const say = (text: string) => process.stdout.write(`${text}\n`);
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};
const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));

/** A clock the bench moves a collection interval per round. */
class SetClock {
  t = Date.now() - 30 * 86_400_000;
  now() {
    return this.t;
  }
}

/** The evaluator needs a source only to listen to; the bench hands it the rounds itself. */
const pushedSource: MetricSource = {
  kind: 'embedded',
  resources: () => [],
  history: async () => ({ stepSeconds: 15, resolution: 'raw', series: [] }),
  setDiscoveredTargets: () => {},
  onSamples: () => true,
  start: () => {},
  stop: async () => {},
};

const run = async (label: string, h: DbHandle, holdQuietKeys: boolean) => {
  await migrateToLatest(h);
  const clock = new SetClock();
  const names = Array.from({ length: RESOURCES }, (_, i) => `cn${String(i + 1).padStart(5, '0')}`);
  const ids: number[] = [];
  for (let i = 0; i < names.length; i += 500) {
    const rows = await h.db
      .insertInto('assets')
      .values(
        names.slice(i, i + 500).map((name) => ({
          name,
          type: 'SERVER' as const,
          cluster_id: 'c1',
          source: 'manual' as const,
          in_scheduler: 0,
          created_at: clock.t,
          updated_at: clock.t,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => Number(r.id)));
  }
  // Every resource's catalogue series, made in bulk (the collector makes them one by one as targets appear).
  for (let i = 0; i < names.length; i += 200)
    await h.db
      .insertInto('metric_series')
      .values(names.slice(i, i + 200).flatMap((resource) => CATALOGUE.map((e) => ({ cluster_id: 'c1', resource, metric: e.id }))))
      .execute();
  const seriesIds = new Map(
    (await h.db.selectFrom('metric_series').select(['id', 'resource', 'metric']).execute()).map((r) => [
      `${r.resource}\u0000${r.metric}`,
      r.id,
    ]),
  );
  const store = new MetricStore(h.db);
  const metrics = indicatorsOf('SERVER')
    .filter((m) => m.unit === 'percent')
    .slice(0, INDICATORS)
    .map((m) => m.id);
  const states = new AlarmStatesRepository(h.db, h.dialect, {}, { holdQuietKeys, flushEveryMs: 60_000 });
  const rules = new AlarmRules(new AlarmTemplatesRepository(h.db), states, 'c1', clock, silentLogger);
  const templates = new AlarmTemplatesService(new AlarmTemplatesRepository(h.db), rules, clock);
  const perTemplate = Math.ceil(RESOURCES / TEMPLATES);
  for (let t = 0; t < TEMPLATES && t * perTemplate < ids.length; t++)
    await templates.create(
      {
        name: `bench-${t}`,
        kind: 'custom',
        resourceType: 'SERVER',
        description: undefined,
        enabled: true,
        resources: ids.slice(t * perTemplate, (t + 1) * perTemplate),
        indicators: metrics.map((metric) => ({
          metric,
          alarmCount: 3,
          recoveryCount: 2,
          noDataCount: null,
          levels: [
            { severity: 'warning', op: '>', value: 80 },
            { severity: 'critical', op: '>', value: 95 },
          ],
        })),
      },
      'bench',
    );
  const evaluator = new AlarmEvaluator(
    [{ id: 'c1', intervalSeconds: 15, metrics: pushedSource }],
    rules,
    states,
    clock,
    silentLogger,
  );

  const round = (r: number, storm: boolean): CollectedSample[] => {
    const out: CollectedSample[] = [];
    names.forEach((resource, i) => {
      const flapping = storm && i % 10 === 0;
      for (const e of CATALOGUE) {
        // Flapping resources climb to warning, then critical, then drop: raises, changes, recoveries.
        const value = flapping ? ([85, 90, 97, 99, 40, 30][r % 6] ?? 40) : 20 + (i % 30);
        out.push({ resource, metric: e.id, time: clock.t, value });
      }
    });
    return out;
  };

  const keys = RESOURCES * metrics.length;
  const rounds = holdQuietKeys ? ROUNDS : ONE_BY_ONE_ROUNDS;
  const phase = async (name: string, storm: boolean) => {
    const writes: number[] = [];
    const evaluations: number[] = [];
    let events = 0;
    for (let r = 0; r < rounds; r++) {
      clock.t += INTERVAL_MS;
      const samples = round(r, storm);
      const t0 = performance.now();
      await store.write(
        samples.map((x) => ({
          series_id: seriesIds.get(`${x.resource}\u0000${x.metric}`) ?? 0,
          ts: x.time,
          value: x.value,
          raw: null,
        })),
      );
      const t1 = performance.now();
      events += (await evaluator.onSamples('c1', samples)).length;
      writes.push(t1 - t0);
      evaluations.push(performance.now() - t1);
    }
    const p50 = percentile(evaluations, 50);
    const p95 = percentile(evaluations, 95);
    const rounds50 = percentile(
      writes.map((w, i) => w + (evaluations[i] ?? 0)),
      50,
    );
    say(
      `| ${label} | ${name} | ${rounds} | ${(RESOURCES * CATALOGUE.length).toLocaleString('en')} | ${fmt(percentile(writes, 50))} | ${keys.toLocaleString('en')} | ${fmt(p50)} | ${fmt(p95)} | **${Math.round((keys / p50) * 1000).toLocaleString('en')}** | ${fmt(rounds50)} | ${events.toLocaleString('en')} | ${fmt(((percentile(writes, 95) + p95) / INTERVAL_MS) * 100)} % |`,
    );
  };
  log(
    `${label}: ${RESOURCES} resources in ${Math.min(TEMPLATES, Math.ceil(RESOURCES / perTemplate))} templates × ${metrics.length} indicators (${metrics.join(', ')}), ${rounds} rounds per phase`,
  );
  await phase('quiet', false);
  await phase('storm', true);
  const l0 = performance.now();
  await rules.load();
  const loadMs = performance.now() - l0;
  const f0 = performance.now();
  await states.flush();
  log(`${label}: the rules read in ${fmt(loadMs)} ms; held keys flushed in ${fmt(performance.now() - f0)} ms`);
  const alarms = await h.db
    .selectFrom('alarms')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  log(`${label}: ${Number(alarms.n)} alarms written`);
};

const main = async () => {
  say(
    `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}, Node ${process.version}`,
  );
  say('');
  say(
    '| database, path | phase | rounds | samples a round | store write p50 (ms) | keys evaluated a round | evaluation p50 (ms) | evaluation p95 (ms) | samples evaluated/s at p50 | round p50 (ms) | alarm events | p95 of the 15 s interval |',
  );
  say('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  // Each database twice, each time fresh: every key on the one-key path, then the quiet keys held in memory.
  for (const [path, bulk] of [
    ['one by one', false],
    ['held in memory', true],
  ] as const) {
    if (args.only !== 'postgres') {
      const dir = mkdtempSync(join(tmpdir(), 'bench-alarms-'));
      const h = await openDatabase(parseConfig({ dataDir: dir, database: { url: join(dir, 'portal.db') } }));
      try {
        await run(`SQLite, ${path}`, h, bulk);
      } finally {
        await h.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }
    if (args.only !== 'sqlite') {
      const url = args['pg-url'];
      if (!url) {
        log('PostgreSQL left out: no DATABASE_URL or --pg-url');
        continue;
      }
      const schema = `bench_alarms_${process.pid}_${bulk ? 'held' : 'one'}`;
      const h = await openDatabase(parseConfig({ dataDir: tmpdir(), database: { url, schema } }));
      try {
        await run(`PostgreSQL, ${path}`, h, bulk);
      } finally {
        await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(h.db);
        await h.close();
      }
    }
  }
};

await main();
