/*
 * bench/alarms: what the alarm engine costs per collection round (issue 16).
 *
 * On SQLite and on PostgreSQL (DATABASE_URL, or --pg-url), one after the other, in the schema the
 * server's migrations make: --resources servers in one threshold template with --indicators
 * indicators (alarm count 3, recovery count 2), and --rounds rounds of samples for every resource
 * and every catalogue metric, as the embedded collector hands them to the evaluator
 * (AlarmEvaluator.onSamples: the rules read from the templates, every key's batch applied with its
 * stored state). In the "quiet" rounds nothing is hit; in the "storm" rounds a tenth of the
 * resources flap across the thresholds, so alarms are raised, change severity and recover. It
 * reports the round's p50 and p95 and the keys applied per second, beside the collection interval
 * a round must fit in (15 s by default).
 *
 *   node_modules/.bin/tsx --conditions=source bench/alarms/run.ts [--resources 1000] [--indicators 5]
 *     [--rounds 20] [--only sqlite|postgres]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { CATALOGUE } from '../../apps/server/src/cluster/metrics/catalogue.js';
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
    resources: { type: 'string', default: '1000' },
    indicators: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '20' },
    only: { type: 'string' },
    'pg-url': { type: 'string', default: process.env.DATABASE_URL },
  },
});
const RESOURCES = Number(args.resources);
const INDICATORS = Number(args.indicators);
const ROUNDS = Number(args.rounds);
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

const run = async (label: string, h: DbHandle, quietInBulk: boolean) => {
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
  const metrics = indicatorsOf('SERVER')
    .filter((m) => m.unit === 'percent')
    .slice(0, INDICATORS)
    .map((m) => m.id);
  const states = new AlarmStatesRepository(h.db, h.dialect, {}, quietInBulk);
  const rules = new AlarmRules(new AlarmTemplatesRepository(h.db), states, 'c1', clock, silentLogger);
  await new AlarmTemplatesService(new AlarmTemplatesRepository(h.db), rules, clock).create(
    {
      name: 'bench',
      kind: 'custom',
      resourceType: 'SERVER',
      description: undefined,
      enabled: true,
      resources: ids,
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

  const phase = async (name: string, storm: boolean) => {
    const times: number[] = [];
    let events = 0;
    for (let r = 0; r < ROUNDS; r++) {
      clock.t += INTERVAL_MS;
      const samples = round(r, storm);
      const t0 = performance.now();
      events += (await evaluator.onSamples('c1', samples)).length;
      times.push(performance.now() - t0);
    }
    const keys = RESOURCES * metrics.length;
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    say(
      `| ${label} | ${name} | ${keys.toLocaleString('en')} | ${fmt(p50)} | ${fmt(p95)} | ${Math.round((keys / p50) * 1000).toLocaleString('en')} | ${events.toLocaleString('en')} | ${fmt((p95 / INTERVAL_MS) * 100)} % |`,
    );
  };
  log(`${label}: ${RESOURCES} resources × ${metrics.length} indicators (${metrics.join(', ')}), ${ROUNDS} rounds per phase`);
  await phase('quiet', false);
  await phase('storm', true);
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
    '| database | rounds | keys a round | round p50 (ms) | round p95 (ms) | keys/s at p50 | alarm events | p95 of the 15 s interval |',
  );
  say('| --- | --- | --- | --- | --- | --- | --- | --- |');
  // Each database twice, each time fresh: every key on the one-key path, then the quiet keys in bulk.
  for (const [path, bulk] of [
    ['one by one', false],
    ['quiet in bulk', true],
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
      const schema = `bench_alarms_${process.pid}_${bulk ? 'bulk' : 'one'}`;
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
