import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config/load.js';
import { PrometheusMetricSource } from '../../cluster/metrics/prometheus-source.js';
import { waitFor } from '../../cluster/scheduler/scheduler-contract.test-support.js';
import { openDatabase, type DbHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { silentLogger } from '../../lib/logger.js';
import { systemClock } from '../../lib/time.js';
import { writeIbTree } from '../../test/infiniband-sysfs.js';
import { startNodeExporter, startPrometheus, type TestNodeExporter, type TestPrometheus } from '../../test/prometheus.js';
import { createTestStorage, type TestStorage } from '../../test/test-storage.js';
import { AlarmEvaluator, settled } from './alarm-evaluator.js';
import { AlarmRules } from './alarm-rules.service.js';
import { AlarmStatesRepository } from './alarm-states.repository.js';
import { AlarmTemplatesRepository } from './alarm-templates.repository.js';
import { AlarmTemplatesService } from './alarm-templates.service.js';
import { insertServers } from '../../test/servers.js';

/*
 * The engine against Prometheus: a real Prometheus scrapes a real node_exporter (an InfiniBand
 * sysfs fixture) every second, and the evaluator reads it as it does on its schedule. The same
 * template as on the embedded collector raises one alarm when a port goes down and recovers it
 * when the port comes back, with the same severity and values.
 */

describe('which steps of a Prometheus series are applied now', () => {
  it('applies values at once and a gap only once a whole step has passed after it', () => {
    const p = (time: number, value: number | null) => ({ time, value });
    const points = [p(0, 1), p(1000, null), p(2000, 3), p(3000, null), p(4000, 5), p(5000, null)];
    // At 5,000 ms the gap at 3,000 ms is settled (3,000 + 2 steps ≤ 5,000) and the one at 5,000 ms is not.
    expect(settled(points, 1000, 5000)).toEqual(points.slice(0, 5));
    // At 4,500 ms the gap at 3,000 ms may still fill: it and what follows wait.
    expect(settled(points, 1000, 4500)).toEqual(points.slice(0, 3));
  });
});

describe('the alarm engine against Prometheus', () => {
  let storage: TestStorage;
  let h: DbHandle;
  let exporter: TestNodeExporter;
  let prom: TestPrometheus;
  let sysfs: string;
  let states: AlarmStatesRepository;
  let evaluator: AlarmEvaluator;

  const port2 = (state: string) =>
    writeFileSync(join(sysfs, 'class', 'infiniband', 'mlx5_0', 'ports', '2', 'state'), `${state}\n`);
  /** Evaluates as the schedule does, until `done` holds. */
  const evaluateUntil = (what: string, done: () => Promise<boolean>) =>
    waitFor(
      async () => {
        await evaluator.poll('c1');
        return done();
      },
      what,
      60_000,
    );

  beforeAll(async () => {
    sysfs = mkdtempSync(join(tmpdir(), 'portal-alarm-prom-'));
    writeIbTree(sysfs, '4: ACTIVE');
    exporter = await startNodeExporter({ sysfs });
    prom = await startPrometheus([{ resource: 'n1', url: exporter.url }]);
    storage = createTestStorage('portal-alarm-prom-');
    h = await openDatabase(parseConfig({ dataDir: storage.dataDir, database: storage.database }));
    await migrateToLatest(h);
    const [assetId = 0] = await insertServers(h.db, ['n1']);
    states = new AlarmStatesRepository(h.db, h.dialect);
    const rules = new AlarmRules(new AlarmTemplatesRepository(h.db), states, 'c1', systemClock, silentLogger);
    const source = new PrometheusMetricSource({
      url: prom.url,
      resourceLabel: 'node',
      resourceValue: '{resource}',
      scrapeIntervalSeconds: 1,
      timeoutSeconds: 30,
    });
    evaluator = new AlarmEvaluator([{ id: 'c1', intervalSeconds: 1, metrics: source }], rules, states, systemClock, silentLogger);
    await new AlarmTemplatesService(new AlarmTemplatesRepository(h.db), rules, systemClock).create(
      {
        name: 'InfiniBand',
        kind: 'custom',
        resourceType: 'SERVER',
        description: undefined,
        enabled: true,
        resources: [assetId],
        indicators: [
          {
            metric: 'infiniband.portsActive',
            alarmCount: 2,
            recoveryCount: 2,
            noDataCount: null,
            levels: [
              { severity: 'major', op: '<', value: 2 },
              { severity: 'critical', op: '<', value: 1 },
            ],
          },
        ],
      },
      'opt',
    );
  });
  afterAll(async () => {
    await evaluator?.stop();
    await h?.close();
    await storage?.dispose();
    await prom?.stop();
    await exporter?.stop();
    if (sysfs) rmSync(sysfs, { recursive: true, force: true });
  });

  it('raises one alarm when a port goes down and recovers it when it comes back', async () => {
    const alarms = () => states.listAlarms('c1', 'n1');
    // Prometheus's first scrapes: the rule has applied values, and none hit.
    await evaluateUntil('applied samples', async () => ((await states.lastTimes('c1')).values().next().value ?? -1) > 0);
    expect(await alarms()).toEqual([]);
    port2('1: DOWN');
    await evaluateUntil('the alarm', async () => (await alarms()).length > 0);
    expect(await alarms()).toMatchObject([{ metric: 'infiniband.portsActive', severity: 'major', value: 1, recovered_at: null }]);
    port2('4: ACTIVE');
    await evaluateUntil('the recovery', async () => (await alarms())[0]?.recovered_at !== null);
    const list = await alarms();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ severity: 'major', peak_severity: 'major', recovery_value: 2 });
  }, 120_000);
});
