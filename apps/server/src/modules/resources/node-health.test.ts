import { mkdtempSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, resourcesListNodes, type NodeList } from '@portal/shared';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { localTestCluster } from '../../test/local-cluster.js';
import { writeIbTree } from '../../test/infiniband-sysfs.js';
import { startNodeExporter, type TestNodeExporter } from '../../test/prometheus.js';
import { metricExceptionsOf } from './node-health.js';

/*
 * Node exceptions from metrics. The rules as a pure function, then over real parts: the built-in
 * scheduler's node n1 collected from this host (builtin:host), n2 from a real node_exporter
 * reading an InfiniBand sysfs tree with one port down, limits set low enough that this machine's
 * real memory and root file system cross them; a cluster with the checks off; one whose
 * Prometheus is not there (the list still answers, and says the metrics failed).
 */

const LIMITS = {
  enabled: true,
  memoryUsagePercent: 95,
  rootUsagePercent: 90,
  loadPerCore: 2,
  temperatureCelsius: 85,
  infinibandDown: true,
};

describe('node exceptions from metrics: the rules', () => {
  it('reports each limit reached, with the value and the limit', () => {
    const latest = new Map([
      ['memory.usage', 95],
      ['filesystem.rootUsage', 89.999],
      ['cpu.load1', 33],
      ['cpu.count', 16],
      ['hardware.temperature', 91.256],
      ['infiniband.ports', 2],
      ['infiniband.portsActive', 1],
    ]);
    expect(metricExceptionsOf(latest, LIMITS)).toEqual([
      { check: 'memoryUsage', value: 95, threshold: 95 },
      { check: 'loadPerCore', value: 2.06, threshold: 2 },
      { check: 'temperature', value: 91.26, threshold: 85 },
      { check: 'infinibandDown', value: 1, threshold: 1 },
    ]);
  });

  it('says nothing of what is missing, and nothing of InfiniBand when told not to', () => {
    expect(metricExceptionsOf(new Map(), LIMITS)).toEqual([]);
    // Load without the core count cannot be judged.
    expect(metricExceptionsOf(new Map([['cpu.load1', 500]]), LIMITS)).toEqual([]);
    const down = new Map([
      ['infiniband.ports', 1],
      ['infiniband.portsActive', 0],
    ]);
    expect(metricExceptionsOf(down, { ...LIMITS, infinibandDown: false })).toEqual([]);
    expect(
      metricExceptionsOf(
        new Map([
          ['infiniband.ports', 2],
          ['infiniband.portsActive', 2],
        ]),
        LIMITS,
      ),
    ).toEqual([]);
  });
});

describe('node exceptions from metrics: the node list', () => {
  let t: TestApp;
  let viewer: TestClient;
  let exporter: TestNodeExporter;
  let sysfs: string;

  beforeAll(async () => {
    sysfs = mkdtempSync(join(tmpdir(), 'portal-ib-'));
    writeIbTree(sysfs, '1: DOWN');
    exporter = await startNodeExporter({ sysfs });
    const low = { memoryUsagePercent: 1, rootUsagePercent: 1, temperatureCelsius: 200, loadPerCore: 1000 };
    const checked = {
      ...localTestCluster(),
      metrics: {
        targets: [
          { resource: 'n1', url: 'builtin:host' },
          { resource: 'n2', url: exporter.url },
        ],
        intervalSeconds: 1,
        nodeExceptions: low,
      },
    };
    const off = {
      ...localTestCluster(),
      id: 'off',
      name: 'Off',
      metrics: {
        targets: [{ resource: 'n1', url: 'builtin:host' }],
        intervalSeconds: 1,
        nodeExceptions: { ...low, enabled: false },
      },
    };
    const away = {
      ...localTestCluster(),
      id: 'away',
      name: 'Away',
      metrics: { source: 'prometheus' as const, prometheus: { url: 'http://127.0.0.1:9', timeoutSeconds: 5 } },
    };
    t = await createTestApp({ clusters: [checked, off, away] });
    viewer = await signedIn(t.app, 'nh_viewer', Role.viewer);
  });
  afterAll(async () => {
    await t?.close();
    await exporter?.stop();
    if (sysfs) rmSync(sysfs, { recursive: true, force: true });
  });

  const list = async (clusterId?: string): Promise<NodeList> => {
    const r = await viewer.call(resourcesListNodes, { query: clusterId ? { clusterId } : {} });
    expect(r.errCode).toBe(0);
    return r.data;
  };
  const checksOf = (l: NodeList, node: string) => l.nodes.find((n) => n.name === node)?.metricExceptions.map((e) => e.check);

  it("lists the limits each node's latest metrics crossed, with their real values", async () => {
    // The collector's first rounds come within seconds; a reading holds one interval (1 s).
    const deadline = Date.now() + 60_000;
    let l = await list();
    while (!(checksOf(l, 'n2') ?? []).includes('infinibandDown') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      l = await list();
    }
    expect(l.metricCheck).toBe('ok');
    expect(checksOf(l, 'n1')).toEqual(['memoryUsage', 'rootUsage']);
    expect(checksOf(l, 'n2')).toEqual(['memoryUsage', 'rootUsage', 'infinibandDown']);
    const n1 = l.nodes.find((n) => n.name === 'n1')?.metricExceptions ?? [];
    const meminfo = readFileSync('/proc/meminfo', 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(meminfo)?.[1]);
    const memory = 100 * (1 - kb('MemAvailable') / kb('MemTotal'));
    expect(Math.abs((n1[0]?.value ?? -100) - memory)).toBeLessThan(5);
    expect(n1[0]?.threshold).toBe(1);
    const root = statfsSync('/');
    const rootUsage = 100 * (1 - root.bavail / root.blocks);
    expect(Math.abs((n1[1]?.value ?? -100) - rootUsage)).toBeLessThan(2);
    expect(l.nodes.find((n) => n.name === 'n2')?.metricExceptions[2]).toEqual({
      check: 'infinibandDown',
      value: 1,
      threshold: 1,
    });
  });

  it('checks nothing where the limits are off, and still lists the nodes when the metrics fail', async () => {
    const off = await list('off');
    expect(off.metricCheck).toBe('off');
    expect(off.nodes.map((n) => n.metricExceptions)).toEqual([[], []]);
    const away = await list('away');
    expect(away.metricCheck).toBe('failed');
    expect(away.nodes.map((n) => n.name)).toEqual(['n1', 'n2']);
    expect(away.nodes.every((n) => n.metricExceptions.length === 0)).toBe(true);
  });
});
