import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config/load.js';
import { openDatabase, type DbHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { zoneDays } from '../../lib/zone-days.js';
import { ManualClock } from '../../test/harness.js';
import { createTestStorage, type TestStorage } from '../../test/test-storage.js';
import { AlarmOverviewService } from './alarm-overview.service.js';
import { AlarmsRepository } from './alarms.repository.js';
import { AlarmOverviewRepository } from './alarm-overview.repository.js';
import { insertServers } from '../../test/servers.js';

/*
 * The overview's counts over known alarms: the trend per hour for a day and per day (midnight in
 * the reports' zone, here Asia/Kathmandu at UTC+5:45) for longer ranges, every bucket listed;
 * counts per indicator; the top resources, with the inventory's ids; open, raised and recovered.
 */

const H = 3_600_000;
/** 2026-03-10 00:00 in Kathmandu is 2026-03-09 18:15 UTC. */
const KTM_MIDNIGHT = Date.parse('2026-03-09T18:15:00Z');

describe('the alarm overview', () => {
  let storage: TestStorage;
  let h: DbHandle;
  let overview: AlarmOverviewService;
  const clock = new ManualClock(KTM_MIDNIGHT + 3 * 24 * H);

  beforeAll(async () => {
    storage = createTestStorage('portal-alarm-overview-');
    h = await openDatabase(parseConfig({ dataDir: storage.dataDir, database: storage.database }));
    await migrateToLatest(h);
    const alarm = (resource: string, metric: string, severity: string, raised: number, recovered: number | null) => ({
      cluster_id: 'c1',
      resource,
      metric,
      rule_key: 'template:1',
      kind: 'threshold',
      severity,
      peak_severity: severity,
      value: 1,
      raised_at: raised,
      recovered_at: recovered,
      recovery_value: recovered === null ? null : 0,
      condition_op: '>',
      threshold: '0',
    });
    await h.db
      .insertInto('alarms')
      .values([
        // 10 March in Kathmandu: two on n1, and one on n2 a minute before midnight.
        alarm('n1', 'cpu.usage', 'major', KTM_MIDNIGHT + 1 * H, KTM_MIDNIGHT + 2 * H),
        alarm('n1', 'memory.usage', 'critical', KTM_MIDNIGHT + 5 * H, KTM_MIDNIGHT + 30 * H),
        alarm('n2', 'cpu.usage', 'warning', KTM_MIDNIGHT + 24 * H - 60_000, null),
        // 11 March: one at midnight; 12 March (the last day before now): two on n1, one on n3.
        alarm('n1', 'cpu.usage', 'minor', KTM_MIDNIGHT + 24 * H, null),
        alarm('n1', 'cpu.usage', 'minor', KTM_MIDNIGHT + 60 * H, KTM_MIDNIGHT + 61 * H),
        alarm('n1', 'cpu.usage', 'critical', KTM_MIDNIGHT + 71 * H, null),
        alarm('n3', 'hardware.temperature', 'warning', KTM_MIDNIGHT + 71 * H + 30 * 60_000, null),
      ])
      .execute();
    await insertServers(h.db, ['n1']);
    overview = new AlarmOverviewService(
      new AlarmsRepository(h.db),
      new AlarmOverviewRepository(h.db),
      zoneDays('Asia/Kathmandu'),
      clock,
    );
  });
  afterAll(async () => {
    await h?.close();
    await storage?.dispose();
  });

  it('counts per day from midnight in the zone, every day of the range listed', async () => {
    const r = await overview.trend({ startTime: new Date(KTM_MIDNIGHT), endTime: new Date(KTM_MIDNIGHT + 72 * H - 1) });
    expect(r.interval).toBe('day');
    expect(r.list.map((b) => [b.time, b.total, b.warning, b.minor, b.major, b.critical])).toEqual([
      ['2026-03-09T18:15:00.000Z', 3, 1, 0, 1, 1],
      ['2026-03-10T18:15:00.000Z', 1, 0, 1, 0, 0],
      ['2026-03-11T18:15:00.000Z', 3, 1, 1, 0, 1],
    ]);
  });

  it('counts per hour over the last day by default', async () => {
    const r = await overview.trend({});
    expect(r.interval).toBe('hour');
    expect(r.to).toBe(new Date(clock.now()).toISOString());
    // 25 hour buckets: the last day's 24 and the one it starts in (hours are whole in UTC, not in Kathmandu).
    expect(r.list).toHaveLength(25);
    expect(r.list.reduce((n, b) => n + b.total, 0)).toBe(3);
    const at = (ms: number) => r.list.find((b) => Date.parse(b.time) <= ms && ms < Date.parse(b.time) + H);
    expect(at(KTM_MIDNIGHT + 71 * H)).toMatchObject({ total: 2, critical: 1, warning: 1 });
  });

  it('counts per indicator and finds the resources with most alarms', async () => {
    const range = { startTime: new Date(KTM_MIDNIGHT), endTime: new Date(clock.now()) };
    expect((await overview.byMetric(range)).list).toEqual([
      { metric: 'cpu.usage', count: 5 },
      { metric: 'hardware.temperature', count: 1 },
      { metric: 'memory.usage', count: 1 },
    ]);
    const top = await overview.topResources(range, 2);
    expect(top.list).toEqual([
      { id: expect.any(Number), name: 'n1', clusterId: 'c1', alarmCount: 5 },
      { id: null, name: 'n2', clusterId: 'c1', alarmCount: 1 },
    ]);
  });

  it('counts open, raised and recovered alarms', async () => {
    expect(await overview.count({})).toMatchObject({ open: 4, unconfirmed: 4, raised: 3, recovered: 1 });
    expect(overview.systemTime()).toEqual({ time: new Date(clock.now()).toISOString(), timeZone: 'Asia/Kathmandu' });
  });
});
