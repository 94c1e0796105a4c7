import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TemplateFields } from '@portal/shared';
import { parseConfig } from '../../config/load.js';
import { openDatabase, type DbHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import type { EmbeddedMetricSource } from '../../cluster/metrics/embedded-source.js';
import { silentLogger } from '../../lib/logger.js';
import { ManualClock } from '../../test/harness.js';
import { writeIbTree } from '../../test/infiniband-sysfs.js';
import { testEmbeddedSource } from '../../test/metric-sources.js';
import { startNodeExporter, type TestNodeExporter } from '../../test/prometheus.js';
import { createTestStorage, type TestStorage } from '../../test/test-storage.js';
import { AlarmEvaluator } from './alarm-evaluator.js';
import { AlarmSnapshots } from './alarm-snapshots.js';
import { AlarmsRepository } from './alarms.repository.js';
import { AlarmsService, readSnapshot } from './alarms.service.js';
import { MetricStore } from '../../cluster/metrics/metric-store.js';
import { AlarmRules } from './alarm-rules.service.js';
import { AlarmStatesRepository } from './alarm-states.repository.js';
import { AlarmTemplatesRepository } from './alarm-templates.repository.js';
import { AlarmTemplatesService } from './alarm-templates.service.js';
import { insertServers } from '../../test/servers.js';

/*
 * The engine on the embedded collector's rounds, over real parts: a real node_exporter reads an
 * InfiniBand sysfs fixture whose port states the test changes, the collector scrapes it (the
 * test's clock stamps each round a second apart) and the evaluator applies every round's samples
 * to the rules of a threshold template. A port going down raises one alarm after the alarm count,
 * its severity follows the ports, it recovers after the recovery count; a failed scrape is a
 * missing sample; a template disabled ends its open alarm at once.
 */

const PORT = (root: string, n: string) => join(root, 'class', 'infiniband', 'mlx5_0', 'ports', n, 'state');

const TEMPLATE: TemplateFields = {
  name: 'InfiniBand ports',
  kind: 'custom',
  resourceType: 'SERVER',
  description: undefined,
  enabled: true,
  resources: [],
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
};

describe('the alarm engine on the embedded collector', () => {
  let storage: TestStorage;
  let h: DbHandle;
  let exporter: TestNodeExporter;
  let sysfs: string;
  let source: EmbeddedMetricSource;
  let states: AlarmStatesRepository;
  let templates: AlarmTemplatesService;
  let evaluator: AlarmEvaluator;
  let templateId: number;
  let list: AlarmsService;
  let assetId: number;
  const clock = new ManualClock(Date.now() - 3_600_000);

  const ports = (p1: 'up' | 'down', p2: 'up' | 'down') => {
    writeFileSync(PORT(sysfs, '1'), p1 === 'up' ? '4: ACTIVE\n' : '1: DOWN\n');
    writeFileSync(PORT(sysfs, '2'), p2 === 'up' ? '4: ACTIVE\n' : '1: DOWN\n');
  };
  /** Rounds a second apart; each one's samples go through the engine before it returns. */
  const rounds = async (n: number) => {
    for (let i = 0; i < n; i++) {
      clock.advance(1000);
      await source.scrapeRound();
    }
  };
  const alarms = () => states.listAlarms('c1', 'n1');
  const firstRow = async (id: number) => {
    const row = await new AlarmsRepository(h.db).byId(id);
    if (!row) throw new Error(`no alarm ${id}`);
    return row;
  };

  beforeAll(async () => {
    sysfs = mkdtempSync(join(tmpdir(), 'portal-alarm-ib-'));
    writeIbTree(sysfs, '4: ACTIVE');
    exporter = await startNodeExporter({ sysfs });
    storage = createTestStorage('portal-alarm-eval-');
    h = await openDatabase(parseConfig({ dataDir: storage.dataDir, database: storage.database }));
    await migrateToLatest(h);
    [assetId = 0] = await insertServers(h.db, ['n1'], 'c1', clock.now());
    states = new AlarmStatesRepository(h.db, h.dialect);
    const rules = new AlarmRules(new AlarmTemplatesRepository(h.db), states, 'c1', clock, silentLogger);
    templates = new AlarmTemplatesService(new AlarmTemplatesRepository(h.db), rules, clock);
    source = testEmbeddedSource(h, [{ resource: 'n1', url: exporter.url }], clock);
    const alarmsRepo = new AlarmsRepository(h.db);
    const cluster = { id: 'c1', intervalSeconds: 1, metrics: source };
    const snapshots = new AlarmSnapshots(alarmsRepo, clock, silentLogger);
    list = new AlarmsService({ repo: alarmsRepo, clock, metricsOf: () => source });
    evaluator = new AlarmEvaluator([cluster], rules, states, clock, silentLogger, (c) => snapshots.keep(c));
    evaluator.start();
    templateId = (await templates.create({ ...TEMPLATE, resources: [assetId] }, 'opt')).id;
  });
  afterAll(async () => {
    await evaluator?.stop();
    await h?.close();
    await storage?.dispose();
    await exporter?.stop();
    if (sysfs) rmSync(sysfs, { recursive: true, force: true });
  });
  beforeEach(() => ports('up', 'up'));

  it('raises one alarm after the alarm count, follows the severity, recovers after the recovery count', async () => {
    await rounds(3);
    expect(await alarms()).toEqual([]);
    ports('up', 'down');
    await rounds(1);
    expect(await alarms()).toEqual([]);
    await rounds(1);
    const [raised] = await alarms();
    expect(raised).toMatchObject({
      metric: 'infiniband.portsActive',
      rule_key: `template:${templateId}`,
      severity: 'major',
      value: 1,
    });
    expect(raised?.recovered_at).toBeNull();
    ports('down', 'down');
    await rounds(1);
    expect(await alarms()).toMatchObject([{ id: raised?.id, severity: 'critical', peak_severity: 'critical', value: 0 }]);
    ports('up', 'up');
    await rounds(1);
    expect((await alarms())[0]?.recovered_at).toBeNull();
    await rounds(1);
    const list = await alarms();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: raised?.id, peak_severity: 'critical', recovery_value: 2 });
    expect(Number(list[0]?.recovered_at)).toBe(clock.now());
  });

  it('counts a round without the value as a missing sample, neither a hit nor a miss', async () => {
    const before = (await alarms()).length;
    ports('down', 'down');
    await rounds(1);
    // The card is gone from sysfs: node_exporter answers, without InfiniBand.
    const ib = join(sysfs, 'class', 'infiniband');
    renameSync(ib, `${ib}.away`);
    await rounds(3);
    renameSync(`${ib}.away`, ib);
    expect(await alarms()).toHaveLength(before);
    // The streak went on across the gap: one more hit raises the alarm.
    await rounds(1);
    const list = await alarms();
    expect(list).toHaveLength(before + 1);
    expect(list[0]).toMatchObject({ severity: 'critical' });
  });

  it('ends the open alarm at once when its template is disabled, and raises nothing while disabled', async () => {
    ports('down', 'down');
    const open = (await alarms()).filter((a) => a.recovered_at === null);
    expect(open).toHaveLength(1);
    const t = await templates.modify(templateId, { ...TEMPLATE, enabled: false, resources: [assetId] }, 'opt');
    expect(t).toMatchObject({ enabled: false, resourceCount: 1 });
    const ended = (await alarms()).find((a) => a.id === open[0]?.id);
    expect(Number(ended?.recovered_at)).toBe(clock.now());
    expect(ended?.recovery_value).toBeNull();
    const count = (await alarms()).length;
    await rounds(3);
    expect(await alarms()).toHaveLength(count);
  });

  it('keeps the metric an hour either side with each alarm once that hour has passed, beyond the raw samples', async () => {
    const [first] = (await alarms()).slice(-1);
    expect(first).toBeDefined();
    const live = await list.details(first?.id ?? 0);
    expect(live.snapshot.stored).toBe(false);
    // An hour and more later, the next round keeps the snapshot of every alarm raised before it.
    clock.advance(3_600_000 + 60_000);
    await rounds(1);
    const kept = await list.details(first?.id ?? 0);
    expect(kept.snapshot).toMatchObject({ stored: true, from: live.snapshot.from });
    const values = kept.snapshot.points.map((p) => p.value).filter((v) => v !== null);
    expect(values.length).toBeGreaterThan(0);
    expect(values.some((v) => v < 2)).toBe(true);
    // The raw samples gone (retention), the details still show it.
    const far = clock.now() + 30 * 86_400_000;
    expect((await new MetricStore(h.db).expire(far, far)).length).toBeGreaterThan(0);
    const gone = await readSnapshot(source, { ...(await firstRow(first?.id ?? 0)) }, clock.now());
    expect(gone.points.every((p) => p.value === null)).toBe(true);
    expect((await list.details(first?.id ?? 0)).snapshot).toEqual(kept.snapshot);
    expect(await h.db.selectFrom('alarm_snapshots').select('alarm_id').execute()).toHaveLength((await alarms()).length);
  });
});
