import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config/load.js';
import { openDatabase, type DbHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { silentLogger } from '../../lib/logger.js';
import { systemClock } from '../../lib/time.js';
import { writeIbTree } from '../../test/infiniband-sysfs.js';
import { startNodeExporter, type TestNodeExporter } from '../../test/prometheus.js';
import { createTestStorage, type TestStorage } from '../../test/test-storage.js';
import { waitFor } from '../../cluster/scheduler/scheduler-contract.test-support.js';
import { AlarmRules } from './alarm-rules.service.js';
import { AlarmStatesRepository } from './alarm-states.repository.js';
import { AlarmTemplatesRepository } from './alarm-templates.repository.js';
import { AlarmTemplatesService } from './alarm-templates.service.js';
import { insertServers } from '../../test/servers.js';

/*
 * kill -9 of the process running the engine loses no alarm and raises none twice. A separate
 * process (TypeScript through tsx) runs the embedded collector, scraping a real node_exporter once
 * a second for 60 resources, and the evaluator on its rounds; it is SIGKILLed while the alarms it
 * raised are recovering (each round's 60 keys are written in one transaction, so the kill often
 * lands inside one). A second process on the same database catches up from the stored samples and
 * goes on: in the end every resource has exactly one alarm, recovered, and no state points at it.
 */

const here = dirname(fileURLToPath(import.meta.url));
const RESOURCES = Array.from({ length: 60 }, (_, i) => `n${i + 1}`);

const CHILD = `
  const at = (p) => ${JSON.stringify(join(here, '../..'))} + '/' + p;
  const { parseConfig } = await import(at('config/load.ts'));
  const { openDatabase } = await import(at('db/database.ts'));
  const { MetricStore } = await import(at('cluster/metrics/metric-store.ts'));
  const { EmbeddedMetricSource } = await import(at('cluster/metrics/embedded-source.ts'));
  const { silentLogger } = await import(at('lib/logger.ts'));
  const { systemClock } = await import(at('lib/time.ts'));
  const { AlarmStatesRepository } = await import(at('modules/alarms/alarm-states.repository.ts'));
  const { AlarmTemplatesRepository } = await import(at('modules/alarms/alarm-templates.repository.ts'));
  const { AlarmRules } = await import(at('modules/alarms/alarm-rules.service.ts'));
  const { AlarmEvaluator } = await import(at('modules/alarms/alarm-evaluator.ts'));
  const c = JSON.parse(process.env.CHILD_SETUP);
  const h = await openDatabase(parseConfig({ dataDir: c.dataDir, database: c.database }));
  const opts = { clusterId: 'c1', targets: c.targets, intervalSeconds: 1, timeoutSeconds: 30, retentionDays: 7, rollupRetentionDays: 400 };
  const source = new EmbeddedMetricSource(new MetricStore(h.db), opts, systemClock, silentLogger);
  const states = new AlarmStatesRepository(h.db, h.dialect);
  const rules = new AlarmRules(new AlarmTemplatesRepository(h.db), states, 'c1', systemClock, silentLogger);
  new AlarmEvaluator([{ id: 'c1', intervalSeconds: 1, metrics: source }], rules, states, systemClock, silentLogger).start();
  source.start();
  console.log('STARTED');
  setInterval(() => {}, 1000);
`;

describe('the alarm engine across kill -9', () => {
  let storage: TestStorage;
  let h: DbHandle;
  let exporter: TestNodeExporter;
  let sysfs: string;
  const children: ChildProcess[] = [];

  const ports = (state: '4: ACTIVE' | '1: DOWN') =>
    writeFileSync(join(sysfs, 'class', 'infiniband', 'mlx5_0', 'ports', '2', 'state'), `${state}\n`);
  const startEngine = async (): Promise<ChildProcess> => {
    const setup = {
      dataDir: storage.dataDir,
      database: storage.database,
      targets: RESOURCES.map((resource) => ({ resource, url: exporter.url })),
    };
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', '--input-type=module', '-e', CHILD], {
      cwd: join(here, '../../..'),
      env: { ...process.env, CHILD_SETUP: JSON.stringify(setup) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (b: Buffer) => {
        out += b.toString();
        if (out.includes('STARTED')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the engine process ended early (${code}): ${out}`)));
    });
    return child;
  };
  const kill9 = async (child: ChildProcess) => {
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await gone;
  };
  const alarmRows = () => h.db.selectFrom('alarms').selectAll().where('cluster_id', '=', 'c1').execute();
  const openCount = async () => (await alarmRows()).filter((a) => a.recovered_at === null).length;

  beforeAll(async () => {
    sysfs = mkdtempSync(join(tmpdir(), 'portal-alarm-kill-'));
    writeIbTree(sysfs, '1: DOWN');
    exporter = await startNodeExporter({ sysfs });
    storage = createTestStorage('portal-alarm-kill-');
    h = await openDatabase(parseConfig({ dataDir: storage.dataDir, database: storage.database }));
    await migrateToLatest(h);
    const ids = await insertServers(h.db, RESOURCES);
    const states = new AlarmStatesRepository(h.db, h.dialect);
    const rules = new AlarmRules(new AlarmTemplatesRepository(h.db), states, 'c1', systemClock, silentLogger);
    await new AlarmTemplatesService(new AlarmTemplatesRepository(h.db), rules, systemClock).create(
      {
        name: 'InfiniBand',
        kind: 'custom',
        resourceType: 'SERVER',
        description: undefined,
        enabled: true,
        resources: ids,
        indicators: [
          {
            metric: 'infiniband.portsActive',
            alarmCount: 2,
            recoveryCount: 3,
            noDataCount: null,
            levels: [{ severity: 'major', op: '<', value: 2 }],
          },
        ],
      },
      'opt',
    );
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) await kill9(c);
    await h?.close();
    await storage?.dispose();
    await exporter?.stop();
    if (sysfs) rmSync(sysfs, { recursive: true, force: true });
  });

  it('raises each alarm once and recovers it, though killed while recovering', async () => {
    const first = await startEngine();
    await waitFor(async () => (await openCount()) === RESOURCES.length, 'an alarm for every resource', 60_000);
    // Recovering: three clean rounds in a row end each alarm; the kill comes inside the first two.
    ports('4: ACTIVE');
    await new Promise((r) => setTimeout(r, 500 + Math.random() * 1500));
    await kill9(first);
    expect((await alarmRows()).length).toBe(RESOURCES.length);

    await startEngine();
    await waitFor(async () => (await openCount()) === 0, 'every alarm recovered', 60_000);
    const rows = await alarmRows();
    expect(rows).toHaveLength(RESOURCES.length);
    expect(new Set(rows.map((a) => a.resource))).toEqual(new Set(RESOURCES));
    expect(rows.every((a) => a.severity === 'major' && Number(a.recovery_value) === 2)).toBe(true);
    const pointing = await h.db.selectFrom('alarm_states').select('alarm_id').where('alarm_id', 'is not', null).execute();
    expect(pointing).toEqual([]);

    // The second process goes on: the ports down again raise one new alarm each.
    ports('1: DOWN');
    await waitFor(async () => (await openCount()) === RESOURCES.length, 'new alarms', 60_000);
    expect(await alarmRows()).toHaveLength(2 * RESOURCES.length);
  }, 240_000);
});
