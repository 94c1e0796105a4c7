import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, metricsCatalogue, metricsHistory, resourcesCreateAsset, resourcesDeleteAsset } from '@portal/shared';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { localTestCluster } from '../../test/local-cluster.js';
import { startNodeExporter, type TestNodeExporter } from '../../test/prometheus.js';
import { hostInUrl } from './asset-targets.js';

/*
 * Scrape targets taken from the inventory (metrics.fromAssets): an asset whose management address
 * runs a real node_exporter is scraped under its own name once the inventory is read again, and
 * stops being a target when it is deleted; one with only a compute address is not a target.
 */

describe('metric targets from the assets', () => {
  let t: TestApp;
  let operator: TestClient;
  let exporter: TestNodeExporter;

  beforeAll(async () => {
    exporter = await startNodeExporter();
    const port = Number(new URL(exporter.url).port);
    const cluster = {
      ...localTestCluster(),
      metrics: { targets: [], intervalSeconds: 1, fromAssets: { enabled: true, port } },
    };
    t = await createTestApp({ clusters: [cluster], availability: { intervalSeconds: 3600, timeoutSeconds: 1 } });
    operator = await signedIn(t.app, 'targets_opt', Role.opt);
  });
  afterAll(async () => {
    await t?.close();
    await exporter?.stop();
  });

  const resources = async () => (await operator.call(metricsCatalogue, { query: {} })).data.resources;

  it('scrapes an asset at its management address under its name', async () => {
    const exp = await operator.call(resourcesCreateAsset, { body: { name: 'exp01', type: 'SERVER', manageIp: '127.0.0.1' } });
    expect(exp.status).toBe(200);
    await operator.call(resourcesCreateAsset, { body: { name: 'exp02', type: 'SERVER', computeIp: '127.0.0.1' } });
    expect(await resources()).toEqual([]);
    // The inventory is read again in the next availability round.
    await t.app.services.resources.availability.checkAll();
    expect(await resources()).toEqual(['exp01']);

    const deadline = Date.now() + 60_000;
    let values: (number | null)[] = [];
    while (Date.now() < deadline) {
      const r = await operator.call(metricsHistory, {
        body: {
          resources: 'exp01',
          metrics: ['memory.total'],
          startTime: new Date(Date.now() - 300_000).toISOString(),
          endTime: new Date().toISOString(),
        },
      });
      values = r.data.list[0]?.points.map((p) => p.value) ?? [];
      if (values.some((v) => v !== null)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(values.some((v) => v !== null && v > 0)).toBe(true);

    expect((await operator.call(resourcesDeleteAsset, { params: { id: exp.data.id } })).status).toBe(200);
    await t.app.services.resources.availability.checkAll();
    expect(await resources()).toEqual([]);
  });

  it('writes an IPv6 address in brackets', () => {
    expect(hostInUrl('fd00::1')).toBe('[fd00::1]');
    expect(hostInUrl('10.0.0.1')).toBe('10.0.0.1');
    expect(hostInUrl('cn01.example.org')).toBe('cn01.example.org');
  });
});
