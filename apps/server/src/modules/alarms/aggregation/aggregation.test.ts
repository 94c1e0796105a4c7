import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoticeRuleInput, type AggregateRuleFields } from '@portal/shared';
import { parseConfig } from '../../../config/load.js';
import { openDatabase, type DbHandle } from '../../../db/database.js';
import { migrateToLatest } from '../../../db/migrate.js';
import { silentLogger } from '../../../lib/logger.js';
import { createTestStorage, type TestStorage } from '../../../test/test-storage.js';
import { AlarmStatesRepository, type AlarmKey } from '../alarm-states.repository.js';
import { AlarmOverviewService } from '../alarm-overview.service.js';
import { AlarmOverviewRepository } from '../alarm-overview.repository.js';
import { AlarmsRepository } from '../alarms.repository.js';
import { zoneDays } from '../../../lib/zone-days.js';
import { AlarmsService } from '../alarms.service.js';
import type { AlarmRule } from '../engine/evaluate.js';
import { NotificationsRepository } from '../notifications/notifications.repository.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { OutboxWriter } from '../notifications/outbox-writer.js';
import { AggregationRepository } from './aggregation.repository.js';
import { AggregationService } from './aggregation.service.js';
import { insertServers } from '../../../test/servers.js';

/*
 * Aggregate rules over the real database (SQLite; PostgreSQL in CI's second round), the alarms
 * raised by the engine itself: an aggregated alarm (status 3) at its members' highest severity,
 * its members hidden from the real-time list and counts while it suppresses them, members leaving
 * as they recover and the aggregated alarm recovering below the minimum; the scan order;
 * disabling and deleting removing the real-time aggregated alarms; the refusals.
 */

const MINUTE = 60_000;
const RULE: AlarmRule = {
  levels: [
    { severity: 'warning', condition: { op: '>', value: 80 } },
    { severity: 'critical', condition: { op: '>', value: 95 } },
  ],
  raiseAfter: 1,
  recoverAfter: 1,
};
const key = (resource: string, metric: string): AlarmKey => ({ clusterId: 'c1', resource, metric, ruleKey: 'template:1' });
const rule = (name: string, over: Partial<AggregateRuleFields> = {}): AggregateRuleFields => ({
  name,
  metrics: ['cpu.usage', 'memory.usage'],
  resourceType: null,
  resources: [],
  groupBy: 'none',
  minAlarms: 2,
  minSeverity: null,
  suppress: true,
  enabled: true,
  description: undefined,
  ...over,
});

describe('aggregate alarm rules', () => {
  let storage: TestStorage;
  let h: DbHandle;
  let states: AlarmStatesRepository;
  let alarms: AlarmsService;
  let aggregation: AggregationService;
  let now = 1_800_000_000_000;
  const clock = { now: () => now };
  /** One sample of each (resource, metric), a minute after the last. */
  const samples = async (values: Record<string, number>) => {
    now += MINUTE;
    for (const [k, value] of Object.entries(values)) {
      const [resource = '', metric = ''] = k.split(' ');
      await states.apply(key(resource, metric), RULE, [{ time: now, value }]);
    }
    await aggregation.scan();
  };
  const active = async () => (await alarms.list('active', {}, { pageStart: 0, pageLimit: 100 })).list;

  beforeAll(async () => {
    storage = createTestStorage('portal-alarm-aggregation-');
    h = await openDatabase(parseConfig({ dataDir: storage.dataDir, database: storage.database }));
    await migrateToLatest(h);
    states = new AlarmStatesRepository(h.db, h.dialect);
    alarms = new AlarmsService({ repo: new AlarmsRepository(h.db), clock, metricsOf: () => undefined });
    const outbox = new OutboxWriter(clock);
    aggregation = new AggregationService(
      new AggregationRepository(h.db),
      clock,
      silentLogger,
      (ids) => alarms.items(ids),
      (trx, changes, time) => outbox.onAggregates(trx, changes, time),
    );
    // Aggregate notices: one rule for the alarms (every 60 minutes while open), one for the recoveries.
    const notices = new NotificationsService(new NotificationsRepository(h.db), clock);
    for (const type of ['aggregateAlarm', 'aggregateRecovery'] as const)
      await notices.create(
        NoticeRuleInput.parse({ name: type, type, interval: 60, weight: 80, emails: 'ops@example.org' }),
        'ops',
      );
    await insertServers(h.db, ['cn01', 'cn02', 'cn03'], 'c1', now);
  });
  afterAll(async () => {
    await h?.close();
    await storage?.dispose();
  });

  it('aggregates the alarms that come together, suppresses them, and recovers below the minimum', async () => {
    const storm = await aggregation.create(rule('cpu storm'), 'ops');
    expect(storm).toMatchObject({ name: 'cpu storm', sortOrder: 1, openAlarms: 0, enabled: true, updatedBy: 'ops' });

    await samples({ 'cn01 cpu.usage': 90 });
    expect((await active()).map((a) => [a.resName, a.alarmStatus])).toEqual([['cn01', 0]]);

    await samples({ 'cn01 cpu.usage': 90, 'cn02 cpu.usage': 97 });
    const [agg, ...rest] = await active();
    expect(rest).toEqual([]);
    expect(agg).toMatchObject({
      alarmStatus: 3,
      kind: 'aggregate',
      aggRuleId: storm.id,
      subsetNum: 2,
      resName: 'cpu storm',
      metricId: 'cpu.usage',
      unit: 'count',
      metricValue: 2,
      severity: 'critical',
      threshold: String(storm.id),
    });
    const count = await alarms.severityCount(undefined);
    expect(count).toMatchObject({ critical: 1, warning: 0, total: 1 });
    const members = await aggregation.members(agg!.id);
    expect(members.map((m) => [m.resName, m.severity, m.left])).toEqual(
      expect.arrayContaining([
        ['cn01', 'warning', false],
        ['cn02', 'critical', false],
      ]),
    );
    expect((await aggregation.list())[0]?.openAlarms).toBe(1);
    // The overview counts the two alarms raised, not the aggregated alarm standing for them.
    const overview = new AlarmOverviewService(
      new AlarmsRepository(h.db),
      new AlarmOverviewRepository(h.db),
      zoneDays('UTC'),
      clock,
    );
    expect(await overview.count({})).toMatchObject({ raised: 2, open: 1 });
    expect((await overview.topResources({}, 10)).list.map((r) => r.name).sort()).toEqual(['cn01', 'cn02']);

    // Its notice, written in the scan's transaction; scanning again writes nothing more.
    const outboxRows = () => h.db.selectFrom('notification_outbox').selectAll().orderBy('id').execute();
    await aggregation.scan();
    expect((await outboxRows()).map((r) => [r.rule_name, Number(r.alarm_id), r.recipients])).toEqual([
      ['aggregateAlarm', agg!.id, 'ops@example.org'],
    ]);
    expect((await outboxRows())[0]?.content).toContain('2 alarms aggregated');

    // A third joins: the same aggregated alarm, three members; cn02 falls to warning.
    await samples({ 'cn01 cpu.usage': 90, 'cn02 cpu.usage': 85, 'cn03 memory.usage': 85 });
    const [grown] = await active();
    expect(grown).toMatchObject({ id: agg!.id, subsetNum: 3, severity: 'warning', peakSeverity: 'critical' });

    // Two recover: one left, below the minimum: the aggregated alarm recovers and cn03 shows again.
    await samples({ 'cn01 cpu.usage': 10, 'cn02 cpu.usage': 10, 'cn03 memory.usage': 85 });
    expect((await active()).map((a) => [a.resName, a.alarmStatus])).toEqual([['cn03', 0]]);
    const history = (await alarms.list('history', {}, { pageStart: 0, pageLimit: 100 })).list;
    expect(history.find((a) => a.id === agg!.id)).toMatchObject({ alarmStatus: 3, recoveryValue: 1 });
    expect((await aggregation.members(agg!.id)).every((m) => m.left)).toBe(true);
    expect((await outboxRows()).map((r) => [r.rule_name, Number(r.alarm_id)])).toEqual([
      ['aggregateAlarm', agg!.id],
      ['aggregateRecovery', agg!.id],
    ]);
  });

  it('removes its real-time aggregated alarms when disabled or deleted, and says how many first', async () => {
    await samples({ 'cn01 cpu.usage': 90, 'cn03 memory.usage': 85 });
    const [storm] = await aggregation.list();
    const [agg] = await active();
    expect(agg).toMatchObject({ alarmStatus: 3, subsetNum: 2 });
    expect(await aggregation.deleteCheck([storm!.id])).toBe(1);

    await aggregation.modify(storm!.id, rule('cpu storm', { enabled: false }), 'ops');
    expect(await alarms.items([agg!.id])).toEqual([]);
    expect((await active()).map((a) => a.alarmStatus)).toEqual([0, 0]);

    await aggregation.modify(storm!.id, rule('cpu storm', { suppress: false }), 'ops');
    // Not suppressing: the members stay in the list beside it.
    expect((await active()).map((a) => a.alarmStatus).sort()).toEqual([0, 0, 3]);
    await aggregation.delete([storm!.id]);
    expect((await active()).map((a) => a.alarmStatus)).toEqual([0, 0]);
    expect(await aggregation.list()).toEqual([]);
  });

  it('lets the first rule in scan order take an alarm, and follows a new order', async () => {
    const perResource = await aggregation.create(rule('per resource', { groupBy: 'resource' }), 'ops');
    const cpu = await aggregation.create(rule('cpu only', { metrics: ['cpu.usage'] }), 'ops');
    await samples({ 'cn01 cpu.usage': 90, 'cn01 memory.usage': 90, 'cn02 cpu.usage': 90, 'cn03 memory.usage': 85 });
    const taken = async () =>
      Promise.all(
        (await active())
          .filter((a) => a.alarmStatus === 3)
          .map(async (a) => [a.aggRuleId, (await aggregation.members(a.id)).map((m) => m.resName).sort()]),
      );
    // cn01's two go to the first rule; the CPU of cn02 is alone for the second: nothing for it.
    expect(await taken()).toEqual([[perResource.id, ['cn01', 'cn01']]]);

    await aggregation.sort([cpu.id, perResource.id]);
    expect((await aggregation.list()).map((r) => [r.name, r.sortOrder])).toEqual([
      ['cpu only', 1],
      ['per resource', 2],
    ]);
    expect(await taken()).toEqual([[cpu.id, ['cn01', 'cn02']]]);
  });

  it('opens one aggregated alarm however many scans run at once', async () => {
    const repo = new AggregationRepository(h.db);
    const ruleIds = (await aggregation.list()).map((r) => r.id);
    const aggregated = async () => (await active()).filter((a) => a.alarmStatus === 3);
    // Two instances of the portal (two services, two transactions) scanning at once.
    const other = new AggregationService(repo, clock, silentLogger, (ids) => alarms.items(ids));
    for (let round = 0; round < 5; round += 1) {
      await repo.transaction((trx) => repo.removeOpen(trx, ruleIds));
      expect(await aggregated()).toEqual([]);
      await Promise.all([aggregation.scan(), other.scan(), aggregation.scan(), other.scan()]);
      expect(await aggregated()).toHaveLength(1);
    }
  });

  it('refuses a name taken, a name changed, and an order that does not name every rule once', async () => {
    const [first, second] = await aggregation.list();
    await expect(aggregation.create(rule('cpu only'), 'ops')).rejects.toMatchObject({ reason: 'aggregateRuleNameExists' });
    await expect(aggregation.modify(first!.id, rule('renamed'), 'ops')).rejects.toMatchObject({
      reason: 'aggregateRuleNameImmutable',
    });
    await expect(aggregation.sort([first!.id])).rejects.toMatchObject({ reason: 'aggregateOrderInvalid' });
    await expect(aggregation.sort([first!.id, first!.id])).rejects.toMatchObject({ reason: 'aggregateOrderInvalid' });
    await expect(aggregation.delete([second!.id, 9999])).rejects.toMatchObject({ reason: 'aggregateRuleNotFound' });
    expect(await aggregation.list()).toHaveLength(2);
  });

  it('reminds of an aggregated alarm by the float rule: the count moved by more than the amount, an interval after', async () => {
    await aggregation.delete((await aggregation.list()).map((r) => r.id));
    const disk = await aggregation.create(rule('disk storm', { metrics: ['disk.usage'] }), 'ops');
    const notices = new NotificationsService(new NotificationsRepository(h.db), clock);
    const input = { name: 'disk float', type: 'aggregateAlarm', interval: 60, weight: 80, emails: 'disk@example.org' };
    await notices.create(NoticeRuleInput.parse({ ...input, scope: { floatAmount: 1, aggregateRuleIds: [disk.id] } }), 'ops');
    const told = async () =>
      (
        await h.db.selectFrom('notification_outbox').selectAll().where('rule_name', '=', 'disk float').orderBy('id').execute()
      ).map((r) => r.aggregate_count);
    const full = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`d${i + 1} disk.usage`, 90]));

    await samples(full(2));
    expect(await told()).toEqual([2]);
    // An hour on, the same two: no reminder (the rule without a float amount sends one each interval).
    now += 60 * MINUTE;
    await samples(full(2));
    expect(await told()).toEqual([2]);
    // One more: moved by 1, not more than the amount.
    await samples(full(3));
    expect(await told()).toEqual([2]);
    // Four: moved by 2, and the last notice is over an interval old.
    await samples(full(4));
    expect(await told()).toEqual([2, 4]);
    // Six at once: moved by 2, but the last notice is minutes old; an hour on, it goes.
    await samples(full(6));
    expect(await told()).toEqual([2, 4]);
    now += 60 * MINUTE;
    await samples(full(6));
    expect(await told()).toEqual([2, 4, 6]);
    const [last] = await h.db
      .selectFrom('notification_outbox')
      .select('content')
      .orderBy('id', 'desc')
      .where('rule_name', '=', 'disk float')
      .execute();
    expect(last?.content).toContain('6 alarms aggregated');
  });
});
