import { fsync, open, close, write, unlinkSync, statfsSync } from 'node:fs';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrCode, Role, sharedStorageMetrics, storageNodes, storageSystems, type StorageSystem } from '@portal/shared';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { freePort } from '../../test/daemons.js';
import { localTestCluster } from '../../test/local-cluster.js';
import { startNodeExporter, type TestNodeExporter } from '../../test/prometheus.js';

/*
 * Parallel storage over real parts: two real node_exporters as the two servers of a storage system
 * whose file system is this machine's root, scraped every second by the embedded collector; a
 * third server never answers. Capacity is the root file system's (statfs), counted once per
 * server answering; IO is this machine's disks, after the test writes and syncs a file on them.
 * Then one exporter stops: its server turns to fault and the system to downgrade.
 */

const writeSynced = async (path: string, bytes: number) => {
  const fd = await promisify(open)(path, 'w');
  const chunk = Buffer.alloc(1024 * 1024, 7);
  for (let done = 0; done < bytes; done += chunk.length) await promisify(write)(fd, chunk, 0, chunk.length, null);
  await promisify(fsync)(fd);
  await promisify(close)(fd);
};

describe('parallel and shared storage', () => {
  let t: TestApp;
  let viewer: TestClient;
  let user: TestClient;
  let a: TestNodeExporter;
  let b: TestNodeExporter;
  const root = statfsSync('/');
  const rootSize = root.blocks * root.bsize;

  beforeAll(async () => {
    [a, b] = await Promise.all([startNodeExporter(), startNodeExporter()]);
    const dead = `http://127.0.0.1:${await freePort()}/metrics`;
    const cluster = {
      ...localTestCluster(),
      metrics: {
        targets: [
          { resource: 'st01', url: a.url },
          { resource: 'st02', url: b.url },
          { resource: 'st03', url: dead },
        ],
        intervalSeconds: 1,
      },
      storage: [
        { name: 'scratch', servers: ['st01', 'st02'], mountpoint: '/', directory: '/public' },
        { name: 'archive', type: 'nfs', servers: ['st03'], mountpoint: '/' },
        { name: 'nodisk', servers: ['st01'], mountpoint: '/', devices: ['nosuchdisk'] },
      ],
    };
    t = await createTestApp({ clusters: [cluster] });
    viewer = await signedIn(t.app, 'stor_viewer', Role.viewer);
    user = await signedIn(t.app, 'stor_user', Role.user);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([a?.stop(), b?.stop()]);
  });

  const systems = async (): Promise<StorageSystem[]> => {
    const r = await viewer.call(storageSystems, { query: {} });
    expect(r.errCode).toBe(0);
    return r.data;
  };
  const byName = (list: StorageSystem[], name: string) => {
    const s = list.find((x) => x.name === name);
    if (!s) throw new Error(`no storage ${name}`);
    return s;
  };
  /** Asks again until `done` holds: the collector's first scrapes and rates take a few seconds. */
  const systemsUntil = async (done: (list: StorageSystem[]) => boolean, seconds = 90): Promise<StorageSystem[]> => {
    const deadline = Date.now() + seconds * 1000;
    for (;;) {
      const list = await systems();
      if (done(list) || Date.now() > deadline) return list;
      await new Promise((r) => setTimeout(r, 500));
    }
  };

  it('sums the capacity of the servers that answer and says which do', async () => {
    const list = await systemsUntil((l) => byName(l, 'scratch').serversUp === 2);
    expect(list.map((s) => s.name)).toEqual(['scratch', 'archive', 'nodisk']);
    const scratch = byName(list, 'scratch');
    expect(scratch).toMatchObject({ type: 'parastor', directory: '/public', state: 'normal', serversUp: 2, serversTotal: 2 });
    // Each server serves this machine's root here: twice its size.
    expect(scratch.total).toBe(2 * rootSize);
    // As df counts: used is what is not free, free what users may still write.
    const now = statfsSync('/');
    expect(Math.abs((scratch.free ?? 0) - 2 * now.bavail * now.bsize)).toBeLessThan(0.02 * rootSize);
    expect(Math.abs((scratch.used ?? 0) - 2 * (now.blocks - now.bfree) * now.bsize)).toBeLessThan(0.02 * rootSize);
    const used = scratch.used ?? 0;
    expect(scratch.usage).toBeCloseTo((100 * used) / (used + (scratch.free ?? 0)), 2);
    expect(Date.parse(scratch.collectTime ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // The last hour, in steps.
    expect(scratch.step).toBeGreaterThan(0);
    expect(scratch.readIOPS.length).toBeGreaterThanOrEqual(Math.floor(3600 / scratch.step));
    // A server that never answered: nothing known.
    expect(byName(list, 'archive')).toMatchObject({
      type: 'nfs',
      directory: '/',
      state: 'unknown',
      serversUp: 0,
      total: null,
      usage: null,
      collectTime: null,
    });
  });

  it("counts the disks' operations and bytes, only of the disks named", async () => {
    const file = join(tmpdir(), `portal-storage-${process.pid}`);
    const started = Date.now();
    const bytes = 32 * 1024 * 1024;
    await writeSynced(file, bytes);
    unlinkSync(file);
    // The written bytes show in the throughput series: its steps' rates times the step add up to them.
    const written = (s: StorageSystem) =>
      s.writeThroughput.filter((p) => p.time >= started - s.step * 1000).reduce((sum, p) => sum + (p.value ?? 0) * s.step, 0);
    const list = await systemsUntil((l) => written(byName(l, 'scratch')) >= 2 * 0.9 * bytes);
    const scratch = byName(list, 'scratch');
    // Two servers on the same disks: each counts the file.
    expect(written(scratch)).toBeGreaterThanOrEqual(2 * 0.9 * bytes);
    expect(scratch.writeIOPS.some((p) => (p.value ?? 0) > 0)).toBe(true);
    expect(scratch.readIOPS.every((p) => p.value === null || p.value >= 0)).toBe(true);
    // A system on disks the server does not have: capacity, but no IO.
    const nodisk = byName(list, 'nodisk');
    expect(nodisk.total).toBe(rootSize);
    expect([...nodisk.writeThroughput, ...nodisk.readIOPS].every((p) => p.value === null)).toBe(true);
  });

  it('lists the storage servers and the shared storage metrics', async () => {
    const nodes = await viewer.call(storageNodes, { query: { partName: 'PARASTORNODE' } });
    expect(nodes.errCode).toBe(0);
    expect(nodes.data.map((n) => [n.storage, n.resourceName, n.value, n.modelName, n.metricName])).toEqual([
      ['scratch', 'st01', 'normal', 'PARASTORNODE', 'state'],
      ['scratch', 'st02', 'normal', 'PARASTORNODE', 'state'],
      ['archive', 'st03', 'unknown', 'PARASTORNODE', 'state'],
      ['nodisk', 'st01', 'normal', 'PARASTORNODE', 'state'],
    ]);
    expect(nodes.data[0]?.total).toBe(rootSize);
    const shared = await viewer.call(sharedStorageMetrics, { query: {} });
    expect(shared.errCode).toBe(0);
    const scratch = shared.data.filter((m) => m.resId === 'scratch');
    expect(scratch.map((m) => [m.metricId, m.metricName, m.sharedType, m.directory])).toEqual([
      ['scratch:total', 'total', 'parastor', '/public'],
      ['scratch:used', 'used', 'parastor', '/public'],
      ['scratch:free', 'free', 'parastor', '/public'],
      ['scratch:usage', 'usage', 'parastor', '/public'],
    ]);
    expect(scratch[0]?.metricValue).toBe(2 * rootSize);
    expect(shared.data.find((m) => m.metricId === 'archive:usage')?.metricValue).toBeNull();
  });

  it('refuses what it does not keep, and callers without the permission', async () => {
    const other = await viewer.callUnchecked(storageNodes, { query: { partName: 'SWITCH' } });
    expect(other.errCode).toBe(ErrCode.PARAM_INVALID);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const ahead = await viewer.call(storageSystems, {
      query: { startTime: future, endTime: new Date(Date.now() + 7_200_000).toISOString() },
    });
    expect(ahead.errCode).toBe(ErrCode.PARAM_INVALID);
    const backwards = await viewer.call(storageSystems, {
      query: { startTime: new Date().toISOString(), endTime: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(backwards.errCode).toBe(ErrCode.PARAM_INVALID);
    expect((await user.call(storageSystems, { query: {} })).status).toBe(403);
    expect((await user.call(storageNodes, { query: { partName: 'PARASTORNODE' } })).status).toBe(403);
    expect((await user.call(sharedStorageMetrics, { query: {} })).status).toBe(403);
  });

  it('turns a server that stops answering to fault, and its system to downgrade', async () => {
    await b.stop();
    const list = await systemsUntil((l) => byName(l, 'scratch').state === 'downgrade', 120);
    const scratch = byName(list, 'scratch');
    expect(scratch).toMatchObject({ state: 'downgrade', serversUp: 1, total: rootSize });
    const nodes = await viewer.call(storageNodes, { query: { partName: 'PARASTORNODE' } });
    expect(nodes.data.find((n) => n.resourceName === 'st02')).toMatchObject({ value: 'fault', total: null });
  }, 150_000);
});
