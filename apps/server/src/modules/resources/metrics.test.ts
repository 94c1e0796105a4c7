import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRIC_SERIES_MAX, Role, metricsCatalogue, metricsHistory } from '@portal/shared';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { localTestCluster } from '../../test/local-cluster.js';

/*
 * The metric API: the catalogue, the backtrack's series with the batch selector, what it refuses,
 * and who may read it. The collector here reads this host (builtin:host) every second; the
 * exporters and Prometheus are cluster/metrics' tests.
 */

const local = { ...localTestCluster(), metrics: { targets: [{ resource: 'here1', url: 'builtin:host' }], intervalSeconds: 1 } };
// A second cluster reads a Prometheus that is not there.
const remote = {
  ...localTestCluster(),
  id: 'remote',
  name: 'Remote',
  metrics: { source: 'prometheus' as const, prometheus: { url: 'http://127.0.0.1:9', timeoutSeconds: 5 } },
};

describe('metrics API', () => {
  let t: TestApp;
  let viewer: TestClient;
  let user: TestClient;
  const range = (minutes: number) => ({
    startTime: new Date(Date.now() - minutes * 60_000).toISOString(),
    endTime: new Date(Date.now() + 60_000).toISOString(),
  });

  beforeAll(async () => {
    t = await createTestApp({ clusters: [local, remote] });
    viewer = await signedIn(t.app, 'met_viewer', Role.viewer);
    user = await signedIn(t.app, 'met_user', Role.user);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the catalogue with units and where the samples come from', async () => {
    const r = await viewer.call(metricsCatalogue, { query: {} });
    expect(r.data.source).toBe('embedded');
    expect(r.data.resources).toEqual(['here1']);
    expect(r.data.list.find((m) => m.id === 'cpu.usage')).toEqual({
      id: 'cpu.usage',
      group: 'cpu',
      unit: 'percent',
      rate: true,
      from: 'node_cpu_seconds_total{mode="idle"}',
    });
    expect(new Set(r.data.list.map((m) => m.group))).toEqual(
      new Set(['cpu', 'memory', 'disk', 'filesystem', 'network', 'infiniband', 'hardware', 'gpu']),
    );
    const remoteCatalogue = await viewer.call(metricsCatalogue, { query: { clusterId: 'remote' } });
    expect([remoteCatalogue.data.source, remoteCatalogue.data.resources]).toEqual(['prometheus', []]);
  });

  it("answers series of this host's figures, the future cut off", async () => {
    // The collector's first rounds come within seconds: wait for memory to have a value.
    const deadline = Date.now() + 60_000;
    let answer;
    for (;;) {
      answer = await viewer.call(metricsHistory, {
        body: { resources: 'here1', metrics: ['memory.total', 'cpu.usage'], ...range(5) },
      });
      expect(answer.status).toBe(200);
      const memory = answer.data.list.find((s) => s.metric === 'memory.total');
      if (memory?.points.some((p) => p.value !== null) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const data = answer.data;
    expect([data.resolution, data.step]).toEqual(['raw', 1]);
    expect(data.list.map((s) => [s.resource, s.metric, s.unit])).toEqual([
      ['here1', 'memory.total', 'bytes'],
      ['here1', 'cpu.usage', 'percent'],
    ]);
    const points = data.list[0]?.points ?? [];
    expect(points.some((p) => (p.value ?? 0) > 0)).toBe(true);
    // The range asked ran a minute into the future: it ends now.
    expect(points.at(-1)?.time).toBeLessThanOrEqual(Date.now());
    expect(points.length).toBeGreaterThanOrEqual(300);
  });

  it('expands the batch selector, resources without samples answering empty steps', async () => {
    const r = await viewer.call(metricsHistory, { body: { resources: 'here1,gv[1-3,11]', metrics: ['cpu.load1'], ...range(1) } });
    expect(r.data.list.map((s) => s.resource)).toEqual(['here1', 'gv1', 'gv2', 'gv3', 'gv11']);
    expect(r.data.list[1]?.points.every((p) => p.value === null)).toBe(true);
  });

  it('refuses a malformed selector, unknown metrics, reversed or future ranges, too many series', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const r = await viewer.callUnchecked(metricsHistory, {
        body: { resources: 'here1', metrics: ['cpu.usage'], ...range(5), ...body },
      });
      return [r.status, r.error?.reason];
    };
    expect(await bad({ resources: 'gv[1-' })).toEqual([400, 'validation']);
    expect(await bad({ resources: 'gv[9-1]' })).toEqual([400, 'validation']);
    expect(await bad({ metrics: ['cpu.nosuch'] })).toEqual([400, 'metricUnknown']);
    expect(await bad({ startTime: new Date().toISOString(), endTime: new Date(Date.now() - 60_000).toISOString() })).toEqual([
      400,
      'validation',
    ]);
    expect(
      await bad({
        startTime: new Date(Date.now() + 3_600_000).toISOString(),
        endTime: new Date(Date.now() + 7_200_000).toISOString(),
      }),
    ).toEqual([400, 'validation']);
    expect(await bad({ startTime: '2020-01-01T00:00:00Z', endTime: '2022-01-01T00:00:00Z' })).toEqual([400, 'validation']);
    const many = `n[1-${Math.floor(METRIC_SERIES_MAX / 2) + 1}]`;
    expect(await bad({ resources: many, metrics: ['cpu.usage', 'cpu.load1'] })).toEqual([400, 'validation']);
  });

  it("says a Prometheus that does not answer in spec section 8's words", async () => {
    const r = await viewer.call(metricsHistory, {
      body: { clusterId: 'remote', resources: 'cn01', metrics: ['cpu.usage'], ...range(5) },
    });
    expect([r.status, r.error?.reason, r.errMsg]).toEqual([502, 'serviceUnavailable', 'Prometheus Service unavailable!']);
  });

  it('is for who reads resources, not for users', async () => {
    expect((await user.call(metricsCatalogue, { query: {} })).status).toBe(403);
    expect((await user.call(metricsHistory, { body: { resources: 'here1', metrics: ['cpu.usage'], ...range(5) } })).status).toBe(
      403,
    );
  });
});
