import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config/load.js';
import { openDatabase, type DbHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { silentLogger } from '../../lib/logger.js';
import { ManualClock } from '../../test/harness.js';
import { createTestStorage, type TestStorage } from '../../test/test-storage.js';
import { catalogueEntry, type CatalogueEntry } from './catalogue.js';
import { EmbeddedMetricSource } from './embedded-source.js';
import { MetricStore } from './metric-store.js';
import { parseExposition, type Families } from './exposition.js';
import { sampleHost } from './host-sampler.js';
import { startNodeExporter } from '../../test/prometheus.js';

/*
 * The embedded collector and store with exact numbers: an exporter whose answers the test writes
 * (counters that grow at known rates, one that restarts from zero, across midnight UTC), scraped
 * on a clock the test moves; then the rollups, the resolutions and the retention. SQLite, and
 * PostgreSQL when DATABASE_URL is set. The same catalogue against a real node_exporter and a real
 * Prometheus is prometheus-parity.test.ts.
 */

const entry = (id: string): CatalogueEntry => {
  const e = catalogueEntry(id);
  if (!e) throw new Error(`no metric ${id}`);
  return e;
};
const DAY = 86_400_000;
// 23:50 UTC: twenty minutes of rounds cross midnight into a second raw day.
const START = Date.UTC(2026, 10, 26, 23, 50, 0);
const ROUND = 15_000;

describe('embedded metrics: collector, store, rollups, retention', () => {
  let storage: TestStorage;
  let h: DbHandle;
  let exporter: Server;
  let text = '';
  let store: MetricStore;
  const clock = new ManualClock(START);
  let source: EmbeddedMetricSource;
  const exposition = (round: number) => {
    // Idle grows 7.5 s a CPU per 15 s round: half of each CPU idle, so 50% usage.
    const idle = 1000 + round * 7.5;
    // 1,500 bytes a round (100 B/s) on eth0; at round 40 the counter restarts from zero (a reboot) at 300.
    const rx = round < 40 ? 5000 + round * 1500 : 300 + (round - 40) * 1500;
    return [
      '# HELP node_cpu_seconds_total Seconds the CPUs spent in each mode.',
      '# TYPE node_cpu_seconds_total counter',
      `node_cpu_seconds_total{cpu="0",mode="idle"} ${idle}`,
      `node_cpu_seconds_total{cpu="1",mode="idle"} ${idle + 50}`,
      `node_cpu_seconds_total{cpu="0",mode="user"} ${round * 7.5}`,
      '# TYPE node_memory_MemTotal_bytes gauge',
      'node_memory_MemTotal_bytes 1000',
      'node_memory_MemAvailable_bytes 250',
      '# TYPE node_network_receive_bytes_total counter',
      `node_network_receive_bytes_total{device="eth0"} ${rx}`,
      `node_network_receive_bytes_total{device="lo"} ${round * 99999}`,
      '# a family the catalogue does not read',
      'go_gc_duration_seconds{quantile="0.5"} 1e-05',
      'node_unrelated_metric{label="with \\"quotes\\""} 7',
      '',
    ].join('\n');
  };

  beforeAll(async () => {
    storage = createTestStorage('portal-metrics-');
    h = await openDatabase(parseConfig({ dataDir: storage.dataDir, database: storage.database }));
    await migrateToLatest(h);
    exporter = createServer((_req, res) => {
      res.setHeader('content-type', 'text/plain; version=0.0.4');
      res.end(text);
    });
    await new Promise<void>((resolve) => exporter.listen(0, '127.0.0.1', resolve));
    const address = exporter.address();
    if (!address || typeof address === 'string') throw new Error('the exporter has no port');
    const url = `http://127.0.0.1:${address.port}/metrics`;
    store = new MetricStore(h.db);
    source = new EmbeddedMetricSource(
      store,
      {
        clusterId: 'c1',
        // The second target's port is closed: its failure must not cost the first one's samples.
        targets: [
          { resource: 'cn01', url },
          { resource: 'cn99', url: 'http://127.0.0.1:9/metrics' },
        ],
        intervalSeconds: 15,
        timeoutSeconds: 5,
        retentionDays: 7,
        rollupRetentionDays: 400,
      },
      clock,
      silentLogger,
    );
    for (let round = 0; round < 80; round++) {
      text = exposition(round);
      const r = await source.scrapeRound();
      expect(r.failed).toEqual(['cn99']);
      clock.advance(ROUND);
    }
  });
  afterAll(async () => {
    await new Promise((resolve) => exporter?.close(resolve));
    await h?.close();
    await storage?.dispose();
  });

  const series = async (metric: string, from: number, to: number) => {
    const a = await source.history({ resources: ['cn01'], metrics: [entry(metric)], from, to });
    const s = a.series[0];
    if (!s) throw new Error('no series');
    return { ...a, points: s.points };
  };

  it('keeps a raw day table a UTC day, and rates with the counter reset handled', async () => {
    expect(await store.partitions()).toEqual([Math.floor(START / DAY), Math.floor(START / DAY) + 1]);
    const end = START + 80 * ROUND;
    const cpu = await series('cpu.usage', START, end);
    expect(cpu.resolution).toBe('raw');
    expect(cpu.stepSeconds).toBe(15);
    expect(cpu.points).toHaveLength(80);
    // The first sample of a counter has no rate yet.
    expect(cpu.points[0]?.value).toBeNull();
    expect(cpu.points.slice(1).map((p) => p.value)).toEqual(Array(79).fill(50));

    const rx = (await series('network.receive', START, end)).points.map((p) => p.value);
    expect(rx[0]).toBeNull();
    expect(rx.slice(1, 40)).toEqual(Array(39).fill(100));
    // Round 40: the counter went from 63,500 to 300: it restarted, so 300 bytes in 15 s (20 B/s).
    expect(rx[40]).toBe(20);
    expect(rx.slice(41)).toEqual(Array(39).fill(100));

    const used = await series('memory.used', START, end);
    expect(used.points.every((p) => p.value === 750)).toBe(true);
    expect((await series('memory.usage', START, end)).points.every((p) => p.value === 75)).toBe(true);
    // Families the catalogue does not read leave nothing; the DCGM ones were absent: no series.
    expect((await series('gpu.usage', START, end)).points.every((p) => p.value === null)).toBe(true);
  });

  it('averages raw samples into wider steps for longer ranges', async () => {
    // Two days: the step grows to 300 s (at most 720 points).
    const a = await series('network.receive', START - DAY, START + DAY);
    expect(a.stepSeconds).toBe(300);
    expect(a.resolution).toBe('raw');
    const filled = a.points.filter((p) => p.value !== null);
    // 20 minutes: four 5-minute steps; the one holding the reset averages 19 × 100 and 20 over 20 samples.
    expect(filled.map((p) => p.time)).toEqual([0, 1, 2, 3].map((i) => START + i * 300_000));
    expect(filled[0]?.value).toBe(100);
    expect(filled[2]?.value).toBe((19 * 100 + 20) / 20);
  });

  it('rolls up closed 5-minute buckets and hours once, with min, max, sum and count', async () => {
    // 45 s after the last round, the round after the last bucket's end is in: all four are closed.
    clock.advance(30_000);
    await source.maintain();
    await source.maintain();
    const ids = await store.findSeries('c1', ['cn01'], ['network.receive']);
    const rows = await h.db
      .selectFrom('metric_rollup_5m')
      .selectAll()
      .where('series_id', 'in', [...ids.values()])
      .orderBy('ts')
      .execute();
    expect(rows.map((r) => [Number(r.ts) - START, r.min, r.max, r.count])).toEqual([
      [0, 100, 100, 19],
      [300_000, 100, 100, 20],
      [600_000, 20, 100, 20],
      [900_000, 100, 100, 20],
    ]);
    const hours = await h.db.selectFrom('metric_rollup_1h').selectAll().orderBy('ts').execute();
    // 23:00-24:00 is closed (every series has its row); the hour from midnight is not over yet.
    expect(hours.length).toBeGreaterThan(0);
    expect(new Set(hours.map((r) => Number(r.ts)))).toEqual(new Set([Date.UTC(2026, 10, 26, 23, 0, 0)]));
    expect(
      hours.find((r) => ids.has('cn01\u0000network.receive') && r.series_id === ids.get('cn01\u0000network.receive')),
    ).toMatchObject({
      min: 100,
      max: 100,
      count: 39,
    });
  });

  it('reads a month from the 5-minute rollups and the raw tail after them', async () => {
    const a = await series('memory.used', START - 10 * DAY, START + 80 * ROUND);
    expect(a.resolution).toBe('5m');
    expect(a.stepSeconds).toBe(1800);
    const filled = a.points.filter((p) => p.value !== null);
    expect(filled.length).toBeGreaterThan(0);
    expect(filled.every((p) => p.value === 750)).toBe(true);
  });

  it('drops raw days whole once expired and keeps the rollups', async () => {
    clock.advance(9 * DAY);
    await source.maintain();
    expect(await store.partitions()).toEqual([]);
    const mine = (await h.db.introspection.getTables()).filter(
      (t) => storage.database.schema === undefined || t.schema === storage.database.schema,
    );
    expect(mine.map((t) => t.name)).toContain('metric_rollup_1h');
    expect(mine.filter((t) => t.name.startsWith('metric_raw_'))).toEqual([]);
    // A year's view: hours in 12-hour steps; 23:00 and, rolled up since, 00:00 hold all 750.
    const a = await series('memory.used', START - 300 * DAY, START + DAY);
    expect(a.resolution).toBe('1h');
    expect(a.stepSeconds).toBe(43_200);
    expect(a.points.filter((p) => p.value !== null).map((p) => p.value)).toEqual([750, 750]);
  });
});

describe('embedded metrics: builtin:host', () => {
  it("reads this host's own figures with no exporter", async () => {
    const storage = createTestStorage('portal-metrics-host-');
    const h = await openDatabase(parseConfig({ dataDir: storage.dataDir, database: storage.database }));
    try {
      await migrateToLatest(h);
      const clock = new ManualClock(Date.now() - 60_000);
      const source = new EmbeddedMetricSource(
        new MetricStore(h.db),
        {
          clusterId: 'c1',
          targets: [{ resource: 'here', url: 'builtin:host' }],
          intervalSeconds: 15,
          timeoutSeconds: 5,
          retentionDays: 7,
          rollupRetentionDays: 400,
        },
        clock,
        silentLogger,
      );
      expect((await source.scrapeRound()).failed).toEqual([]);
      clock.advance(15_000);
      await source.scrapeRound();
      const a = await source.history({
        resources: ['here'],
        metrics: [entry('cpu.count'), entry('memory.total'), entry('cpu.usage')],
        from: clock.now() - 60_000,
        to: clock.now() + 1000,
      });
      const last = (i: number) => a.series[i]?.points.filter((p) => p.value !== null).at(-1)?.value;
      expect(last(0)).toBe(cpus().length);
      const memTotal = Number(/MemTotal:\s+(\d+)/.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1]) * 1024;
      expect(last(1)).toBe(memTotal);
      const usage = last(2);
      expect(usage).toBeGreaterThanOrEqual(0);
      expect(usage).toBeLessThanOrEqual(100);
    } finally {
      await h.close();
      await storage.dispose();
    }
  });

  it("counts this host's disks as node_exporter does", async () => {
    const exporter = await startNodeExporter();
    try {
      const [mine, theirs] = await Promise.all([
        sampleHost(),
        fetch(exporter.url).then(async (r) => parseExposition(await r.text(), new Set(['node_disk_read_bytes_total']))),
      ]);
      // Newer node_exporters leave out zram devices (compressed RAM), as builtin:host does; Debian 12's lists them.
      const devices = (f: Families) =>
        new Map(
          (f.get('node_disk_read_bytes_total') ?? [])
            .filter((s) => !/^zram\d+$/.test(s.labels.device ?? ''))
            .map((s) => [s.labels.device, s.value]),
        );
      const [a, b] = [devices(mine), devices(theirs)];
      expect(a.size).toBeGreaterThan(0);
      expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
      // Read a moment apart: the same counters, give or take what was read in between.
      for (const [device, bytes] of a) expect(Math.abs(bytes - (b.get(device) ?? -1)), device).toBeLessThan(64 * 1024 * 1024);
    } finally {
      await exporter.stop();
    }
  });
});
