import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Role,
  alarmTemplatesCreate,
  alarmsActive,
  alarmsAll,
  alarmsConfirm,
  alarmsDetails,
  alarmsHistory,
  alarmsSeverityCount,
  alarmsUnconfirm,
  alarmsCount,
  alarmsCountByMetric,
  alarmsSystemTime,
  alarmsTopResources,
  alarmsTrend,
  resourcesListAssets,
  type AlarmItem,
} from '@portal/shared';
import { waitFor } from '../../cluster/scheduler/scheduler-contract.test-support.js';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { writeIbTree } from '../../test/infiniband-sysfs.js';
import { localTestCluster } from '../../test/local-cluster.js';
import { startNodeExporter, type TestNodeExporter } from '../../test/prometheus.js';

/*
 * The alarm list through the API, on the whole server: the built-in scheduler's node n1 is
 * collected every second from a real node_exporter reading an InfiniBand sysfs fixture, and a
 * threshold template watches its active ports. A port taken down shows up as a real-time alarm
 * with the spec's fields; confirming and unconfirming keep a log; the port back moves the alarm to
 * the history; details carry the metric around the raise.
 */

describe('the alarm list', () => {
  let t: TestApp;
  let operator: TestClient;
  let viewer: TestClient;
  let user: TestClient;
  let exporter: TestNodeExporter;
  let sysfs: string;
  let alarm: AlarmItem;
  const port2 = (state: string) =>
    writeFileSync(join(sysfs, 'class', 'infiniband', 'mlx5_0', 'ports', '2', 'state'), `${state}\n`);

  beforeAll(async () => {
    sysfs = mkdtempSync(join(tmpdir(), 'portal-alarm-list-'));
    writeIbTree(sysfs, '4: ACTIVE');
    exporter = await startNodeExporter({ sysfs });
    t = await createTestApp({
      clusters: [{ ...localTestCluster(), metrics: { targets: [{ resource: 'n1', url: exporter.url }], intervalSeconds: 1 } }],
    });
    operator = await signedIn(t.app, 'al_opt', Role.opt);
    viewer = await signedIn(t.app, 'al_viewer', Role.viewer);
    user = await signedIn(t.app, 'al_user', Role.user);
    const n1 = (await operator.call(resourcesListAssets, { query: { keyword: 'n1' } })).data.list.find((a) => a.name === 'n1');
    const created = await operator.call(alarmTemplatesCreate, {
      body: {
        name: 'Fabric',
        kind: 'custom',
        resourceType: 'SERVER',
        resources: [n1?.id ?? 0],
        indicators: [
          {
            metric: 'infiniband.portsActive',
            alarmCount: 2,
            recoveryCount: 2,
            levels: [
              { severity: 'major', op: '<', value: 2 },
              { severity: 'critical', op: '<', value: 1 },
            ],
          },
        ],
      },
    });
    expect(created.errCode).toBe(0);
  });
  afterAll(async () => {
    await t?.close();
    await exporter?.stop();
    if (sysfs) rmSync(sysfs, { recursive: true, force: true });
  });

  it('shows a port going down as a real-time alarm with its resource, condition and template', async () => {
    expect((await user.call(alarmsActive)).status).toBe(403);
    expect((await viewer.call(alarmsActive)).data).toEqual({ total: 0, list: [] });
    port2('1: DOWN');
    const list = await waitFor(
      async () => {
        const r = await viewer.call(alarmsActive);
        return r.data.total > 0 && r.data.list;
      },
      'a real-time alarm',
      60_000,
    );
    expect(list).toHaveLength(1);
    const [first] = list;
    if (!first) throw new Error('no alarm');
    alarm = first;
    expect(alarm).toMatchObject({
      severity: 'major',
      kind: 'threshold',
      clusterId: 'local',
      resName: 'n1',
      categoryId: 'SERVER',
      metricId: 'infiniband.portsActive',
      unit: 'count',
      metricValue: 1,
      alarmCondition: '<',
      threshold: '2',
      thresholdTempName: 'Fabric',
      alarmStatus: 0,
      recoveryTime: null,
      confirmed: false,
      description: 'infiniband.portsActive of n1 < 2',
    });
    expect(alarm.resId).toEqual(expect.any(Number));
    expect(await viewer.call(alarmsSeverityCount).then((r) => r.data)).toEqual({
      warning: 0,
      minor: 0,
      major: 1,
      critical: 0,
      total: 1,
      unconfirmed: 1,
    });
  });

  it('filters by grade, asset type, indicator, confirm status and resource', async () => {
    const total = async (query: Record<string, string>) => (await viewer.call(alarmsActive, { query })).data.total;
    expect(await total({ severity: 'major,critical' })).toBe(1);
    expect(await total({ severity: 'warning' })).toBe(0);
    expect(await total({ resourceType: 'SERVER' })).toBe(1);
    expect(await total({ resourceType: 'SWITCH' })).toBe(0);
    expect(await total({ metric: 'infiniband.portsActive' })).toBe(1);
    expect(await total({ metric: 'cpu.usage' })).toBe(0);
    expect(await total({ confirm: 'unconfirmed' })).toBe(1);
    expect(await total({ keyword: 'N1' })).toBe(1);
    expect(await total({ keyword: 'n2' })).toBe(0);
    const reversed = await viewer.callUnchecked(alarmsAll, {
      query: { startTime: '2026-02-01T00:00:00Z', endTime: '2026-01-01T00:00:00Z' },
    });
    expect(reversed.error?.issues?.[0]?.message).toBe('start cannot be later than end');
  });

  it('confirms and unconfirms with a remark, keeping every step in the log', async () => {
    expect((await viewer.call(alarmsConfirm, { body: { ids: [alarm.id], remark: 'seen' } })).status).toBe(403);
    const empty = await operator.callUnchecked(alarmsConfirm, { body: { ids: [alarm.id], remark: '  ' } });
    expect(empty.error?.issues?.[0]?.message).toBe('remark cannot be empty');
    const missing = await operator.call(alarmsConfirm, { body: { ids: [alarm.id, 99999], remark: 'seen' } });
    expect([missing.status, missing.error?.reason]).toEqual([404, 'alarmNotFound']);
    expect((await operator.call(alarmsConfirm, { body: { ids: [alarm.id], remark: 'cable reseated' } })).data.changed).toBe(1);
    // Confirming again changes nothing and logs nothing.
    expect((await operator.call(alarmsConfirm, { body: { ids: [alarm.id], remark: 'again' } })).data.changed).toBe(0);
    const confirmed = (await viewer.call(alarmsActive, { query: { confirm: 'confirmed' } })).data.list[0];
    expect(confirmed).toMatchObject({ confirmed: true, confirmedBy: 'al_opt', confirmRemark: 'cable reseated' });
    expect((await operator.call(alarmsUnconfirm, { body: { ids: [alarm.id], remark: 'not fixed' } })).data.changed).toBe(1);
    const d = (await viewer.call(alarmsDetails, { body: { id: alarm.id } })).data;
    expect(d.alarm).toMatchObject({ confirmed: false, confirmRemark: '' });
    expect(d.confirmLog.map((l) => [l.action, l.remark, l.userName])).toEqual([
      ['confirm', 'cable reseated', 'al_opt'],
      ['unconfirm', 'not fixed', 'al_opt'],
    ]);
  });

  it('moves the recovered alarm to the history; its details carry the metric around the raise', async () => {
    port2('4: ACTIVE');
    const recovered = await waitFor(
      async () => {
        const r = await viewer.call(alarmsHistory);
        return r.data.total > 0 && r.data.list[0];
      },
      'the recovery',
      60_000,
    );
    expect(recovered).toMatchObject({ id: alarm.id, recoveryValue: 2 });
    expect(recovered.durationTime).toBeGreaterThanOrEqual(1);
    expect((await viewer.call(alarmsActive)).data.total).toBe(0);
    expect((await viewer.call(alarmsAll)).data.total).toBe(1);
    const d = (await viewer.call(alarmsDetails, { body: { id: alarm.id } })).data;
    expect(d.snapshot.stored).toBe(false);
    const values = d.snapshot.points.map((p) => p.value).filter((v) => v !== null);
    // Buckets of the two hours' step average the rounds: the port's 2, then 1 while down.
    expect(d.snapshot.stepSeconds).toBeGreaterThan(0);
    expect(values.length).toBeGreaterThan(0);
    expect(values.every((v) => v >= 1 && v <= 2)).toBe(true);
    expect(values.some((v) => v < 2)).toBe(true);
    expect(Date.parse(d.snapshot.from)).toBe(Date.parse(alarm.alarmTime) - 3_600_000);
    expect(d.recent).toEqual([]);
    expect((await viewer.call(alarmsDetails, { body: { id: 99999 } })).error?.reason).toBe('alarmNotFound');
  });

  it('counts the day in the overview: totals, trend, indicators and the top resources', async () => {
    expect((await viewer.call(alarmsCount)).data).toMatchObject({ open: 0, raised: 1, recovered: 1, unconfirmed: 0 });
    const trend = (await viewer.call(alarmsTrend)).data;
    expect([trend.interval, trend.list.reduce((n, b) => n + b.major, 0)]).toEqual(['hour', 1]);
    expect((await viewer.call(alarmsCountByMetric)).data.list).toEqual([{ metric: 'infiniband.portsActive', count: 1 }]);
    expect((await viewer.call(alarmsTopResources, { query: { topN: 10 } })).data.list).toEqual([
      { id: alarm.resId, name: 'n1', clusterId: 'local', alarmCount: 1 },
    ]);
    expect((await viewer.call(alarmsSystemTime)).data.timeZone).toBe('UTC');
    const long = await viewer.callUnchecked(alarmsTrend, {
      query: { startTime: '2024-01-01T00:00:00Z', endTime: '2026-01-01T00:00:00Z' },
    });
    expect(long.error?.issues?.[0]?.message).toBe('at most 366 days');
    expect((await user.call(alarmsTopResources)).status).toBe(403);
  });
});
