import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrReason } from '@portal/shared';
import { parseConfig } from '../../config/load.js';
import { openDatabase, type DbHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { AppError } from '../../lib/app-error.js';
import { systemClock } from '../../lib/time.js';
import { CHASSIS_SENSORS } from '../../test/bmc-sensors.js';
import { startIpmiExporter, type TestIpmiExporter } from '../../test/ipmi-exporter.js';
import { startTestBmc, type TestBmc } from '../../test/ipmi-sim.js';
import { startNodeExporter, startPrometheus, type TestNodeExporter, type TestPrometheus } from '../../test/prometheus.js';
import { startSnmpSwitch, type TestSwitch } from '../../test/snmp.js';
import { metricEntry, testEmbeddedSource } from '../../test/metric-sources.js';
import { createTestStorage, type TestStorage } from '../../test/test-storage.js';
import { PrometheusMetricSource } from './prometheus-source.js';
import { storageEntries, storageMetricId } from './storage-entries.js';
import type { SeriesAnswer } from './types.js';

/*
 * One catalogue, two sources, the same numbers: a real node_exporter scraped at the same time by
 * the embedded collector and by a real Prometheus; the embedded store and the PromQL of each
 * metric must agree on this machine's figures over the same range. Then the Prometheus source's
 * failures with spec section 8's texts.
 */

const entry = metricEntry;
/** Storage on this machine's root: every disk, and only the busiest one (PromQL's device matcher). */
const scratch = { name: 'scratch', type: 'parastor', servers: ['cn01'], mountpoint: '/' };
const STORAGE = (busiest: string) => [
  ...storageEntries(scratch),
  ...storageEntries({ ...scratch, name: 'one', devices: [busiest] }),
];
const SWITCH = ['switch.ports', 'switch.portsUp', 'switch.receive', 'switch.transmit'];
const CHASSIS = ['hardware.temperature', 'hardware.fanSpeed', 'hardware.power', 'hardware.sensorsAbnormal'];
const COMPARED = ['memory.total', 'cpu.count', 'memory.used', 'memory.usage', 'cpu.usage', 'cpu.load1', 'network.receive'];
const mean = (a: SeriesAnswer, metric: string): number => {
  const values = (a.series.find((s) => s.metric === metric)?.points ?? []).map((p) => p.value).filter((v) => v !== null);
  if (values.length === 0) throw new Error(`no values of ${metric}`);
  return values.reduce((x, y) => x + y, 0) / values.length;
};
const valuesOf = (a: SeriesAnswer, metric: string) =>
  (a.series.find((s) => s.metric === metric)?.points ?? []).map((p) => p.value).filter((v) => v !== null);

describe('metrics: the embedded store and Prometheus agree', () => {
  let storage: TestStorage;
  let h: DbHandle;
  let exporter: TestNodeExporter;
  let prom: TestPrometheus;
  let embedded: SeriesAnswer;
  let prometheus: SeriesAnswer;
  let storageEmbedded: SeriesAnswer;
  let storagePrometheus: SeriesAnswer;
  let switchEmbedded: SeriesAnswer;
  let switchPrometheus: SeriesAnswer;
  let sw: TestSwitch;
  let bmc: TestBmc;
  let ipmi: TestIpmiExporter;
  let chassisEmbedded: SeriesAnswer;
  let chassisPrometheus: SeriesAnswer;
  let promSource: PrometheusMetricSource;

  beforeAll(async () => {
    storage = createTestStorage('portal-metrics-parity-');
    h = await openDatabase(parseConfig({ dataDir: storage.dataDir, database: storage.database }));
    await migrateToLatest(h);
    exporter = await startNodeExporter();
    // The disk this machine reads and writes most.
    const disks = [
      ...(await (await fetch(exporter.url)).text()).matchAll(/^node_disk_io_time_seconds_total\{device="([^"]+)"\} (\S+)$/gm),
    ];
    const busiest = disks.sort((x, y) => Number(y[2]) - Number(x[2]))[0]?.[1] ?? 'none';
    const storageSeries = STORAGE(busiest);
    sw = await startSnmpSwitch();
    bmc = await startTestBmc('chassis-Secret-1', { sensors: CHASSIS_SENSORS });
    ipmi = await startIpmiExporter(bmc);
    prom = await startPrometheus([
      { resource: 'cn01', url: exporter.url },
      { resource: 'sw01', url: sw.url },
      { resource: 'ch01', url: ipmi.url, intervalSeconds: 2 },
    ]);
    const source = testEmbeddedSource(
      h,
      [
        { resource: 'cn01', url: exporter.url },
        { resource: 'sw01', url: sw.url },
      ],
      systemClock,
      { extraEntries: new Map([['cn01', storageSeries]]) },
    );
    promSource = new PrometheusMetricSource({
      url: prom.url,
      resourceLabel: 'node',
      resourceValue: '{resource}',
      scrapeIntervalSeconds: 1,
      timeoutSeconds: 30,
    });
    // The range starts once Prometheus has scraped every exporter (its first scrape of each waits a
    // while, the BMC's longest on a busy machine).
    const scraped = async () => {
      const now = Date.now();
      for (const [resource, metric] of [
        ['cn01', 'memory.total'],
        ['sw01', 'switch.ports'],
        ['ch01', 'hardware.temperature'],
      ] as const) {
        const a = await promSource.history({ resources: [resource], metrics: [entry(metric)], from: now - 10_000, to: now });
        if (valuesOf(a, metric).length === 0) return false;
      }
      return true;
    };
    const firstScrape = Date.now() + 90_000;
    while (!(await scraped())) {
      if (Date.now() > firstScrape) throw new Error('Prometheus did not scrape every exporter within 90 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    // The chassis's own collector, every two seconds beside (its BMC takes a while to answer).
    const chassis = testEmbeddedSource(h, [{ resource: 'ch01', url: ipmi.url }], systemClock);
    // Twenty seconds of one-second rounds, as the collector's timer would run them.
    const from = Math.ceil(Date.now() / 1000) * 1000 + 1000;
    const to = from + 20_000;
    const chassisRounds = (async () => {
      while (Date.now() < to) {
        await chassis.scrapeRound();
        await new Promise((r) => setTimeout(r, 2000));
      }
    })();
    while (Date.now() < to) {
      await source.scrapeRound();
      await new Promise((r) => setTimeout(r, 1000));
    }
    await chassisRounds;
    const metrics = COMPARED.map(entry);
    embedded = await source.history({ resources: ['cn01'], metrics, from, to });
    // Prometheus's last scrape of the range may still be on its way: wait until the last step has a value.
    const deadline = Date.now() + 60_000;
    for (;;) {
      prometheus = await promSource.history({ resources: ['cn01'], metrics, from, to });
      const memory = prometheus.series.find((x) => x.metric === 'memory.total')?.points;
      if (memory?.at(-1)?.value != null || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    storageEmbedded = await source.history({ resources: ['cn01'], metrics: storageSeries, from, to });
    storagePrometheus = await promSource.history({ resources: ['cn01'], metrics: storageSeries, from, to });
    const switchSeries = SWITCH.map(entry);
    switchEmbedded = await source.history({ resources: ['sw01'], metrics: switchSeries, from, to });
    switchPrometheus = await promSource.history({ resources: ['sw01'], metrics: switchSeries, from, to });
    const chassisSeries = CHASSIS.map(entry);
    chassisEmbedded = await chassis.history({ resources: ['ch01'], metrics: chassisSeries, from, to });
    chassisPrometheus = await promSource.history({ resources: ['ch01'], metrics: chassisSeries, from, to });
  }, 180_000);
  afterAll(async () => {
    await prom?.stop();
    await sw?.stop();
    await ipmi?.stop();
    await bmc?.stop();
    await exporter?.stop();
    await h?.close();
    await storage?.dispose();
  });

  it('reads the same range in the same steps', () => {
    expect(embedded.stepSeconds).toBe(1);
    expect(prometheus.stepSeconds).toBe(1);
    expect(embedded.resolution).toBe('raw');
    expect(prometheus.resolution).toBe('prometheus');
    for (const metric of COMPARED) {
      const e = embedded.series.find((s) => s.metric === metric)?.points.map((p) => p.time);
      const p = prometheus.series.find((s) => s.metric === metric)?.points.map((p) => p.time);
      expect(e, metric).toHaveLength(20);
      expect(p, metric).toEqual(e);
    }
    // Most steps hold a sample on both sides (a busy machine may miss a scrape or two).
    expect(valuesOf(embedded, 'memory.total').length).toBeGreaterThanOrEqual(15);
    expect(valuesOf(prometheus, 'memory.total').length).toBeGreaterThanOrEqual(15);
  });

  it('gives the same figures that do not move', () => {
    const total = valuesOf(embedded, 'memory.total')[0];
    expect(total).toBeGreaterThan(0);
    expect(new Set(valuesOf(embedded, 'memory.total'))).toEqual(new Set([total]));
    expect(new Set(valuesOf(prometheus, 'memory.total'))).toEqual(new Set([total]));
    const cpus = valuesOf(embedded, 'cpu.count')[0];
    expect(cpus).toBeGreaterThan(0);
    expect(new Set(valuesOf(prometheus, 'cpu.count'))).toEqual(new Set([cpus]));
  });

  it('gives close means of figures that move, counters as rates', () => {
    const close = (metric: string, tolerance: number) => {
      const e = mean(embedded, metric);
      const p = mean(prometheus, metric);
      expect(Math.abs(e - p), `${metric}: embedded ${e}, Prometheus ${p}`).toBeLessThanOrEqual(tolerance);
    };
    const total = mean(embedded, 'memory.total');
    close('memory.used', 0.05 * total);
    close('memory.usage', 2);
    // CPU: both from node_cpu_seconds_total's idle counter, rates over one second and over four.
    const usage = mean(embedded, 'cpu.usage');
    expect(usage).toBeGreaterThanOrEqual(0);
    expect(usage).toBeLessThanOrEqual(100);
    close('cpu.usage', 10);
    close('cpu.load1', 0.5 + 0.25 * mean(prometheus, 'cpu.load1'));
    close('network.receive', 50_000 + 0.25 * mean(prometheus, 'network.receive'));
  });

  it("reads a storage system's capacity and disks the same way", () => {
    const total = valuesOf(storageEmbedded, storageMetricId('scratch', 'total'));
    expect(total.length).toBeGreaterThanOrEqual(15);
    expect(new Set(valuesOf(storagePrometheus, storageMetricId('scratch', 'total')))).toEqual(new Set([total[0]]));
    for (const [e, p] of [
      [storageEmbedded, storagePrometheus],
      [storagePrometheus, storageEmbedded],
    ] as const) {
      const one = valuesOf(e, storageMetricId('one', 'total'));
      expect(one.length).toBeGreaterThanOrEqual(15);
      expect(new Set(one)).toEqual(new Set(valuesOf(p, storageMetricId('one', 'total'))));
    }
    const close = (metric: string, tolerance: (p: number) => number) => {
      const e = mean(storageEmbedded, metric);
      const p = mean(storagePrometheus, metric);
      expect(Math.abs(e - p), `${metric}: embedded ${e}, Prometheus ${p}`).toBeLessThanOrEqual(tolerance(p));
    };
    close(storageMetricId('scratch', 'free'), () => 0.01 * (total[0] ?? 0));
    close(storageMetricId('scratch', 'used'), () => 0.01 * (total[0] ?? 0));
    // Rates over one second and over four: close on a quiet disk, within a share on a busy one.
    for (const name of ['scratch', 'one']) {
      close(storageMetricId(name, 'writeIops'), (p) => 50 + 0.5 * p);
      close(storageMetricId(name, 'writeThroughput'), (p) => 1_000_000 + 0.5 * p);
    }
    // The one disk's figures are part of every disk's.
    expect(mean(storagePrometheus, storageMetricId('one', 'writeIops'))).toBeLessThanOrEqual(
      mean(storagePrometheus, storageMetricId('scratch', 'writeIops')) + 1e-9,
    );
  });

  it("reads a switch's ports and traffic over SNMP the same way", () => {
    for (const metric of ['switch.ports', 'switch.portsUp']) {
      const e = valuesOf(switchEmbedded, metric);
      expect(e.length, metric).toBeGreaterThanOrEqual(15);
      expect(new Set(valuesOf(switchPrometheus, metric)), metric).toEqual(new Set(e));
    }
    expect(valuesOf(switchEmbedded, 'switch.ports')[0]).toBeGreaterThanOrEqual(1);
    // The agent refreshes its counters every few seconds: rates over one second and over four
    // differ step by step, less in the mean.
    for (const metric of ['switch.receive', 'switch.transmit']) {
      const e = mean(switchEmbedded, metric);
      const p = mean(switchPrometheus, metric);
      expect(Math.abs(e - p), `${metric}: embedded ${e}, Prometheus ${p}`).toBeLessThanOrEqual(100_000 + 0.5 * p);
    }
  });

  it("reads a chassis's BMC sensors through ipmi_exporter the same way", () => {
    // The simulated BMC's readings stay put: 42 °C, 5000 rpm, 350 W, no sensor out of range.
    const expected: Record<string, number> = {
      'hardware.temperature': 42,
      'hardware.fanSpeed': 5000,
      'hardware.power': 350,
      'hardware.sensorsAbnormal': 0,
    };
    for (const [metric, value] of Object.entries(expected)) {
      expect(valuesOf(chassisEmbedded, metric).length, metric).toBeGreaterThanOrEqual(3);
      expect(new Set(valuesOf(chassisEmbedded, metric)), metric).toEqual(new Set([value]));
      expect(valuesOf(chassisPrometheus, metric).length, metric).toBeGreaterThanOrEqual(10);
      expect(new Set(valuesOf(chassisPrometheus, metric)), metric).toEqual(new Set([value]));
    }
  });

  it("says Prometheus's failures in spec section 8's words", async () => {
    const req = { resources: ['cn01'], metrics: [entry('memory.total')], from: Date.now() - 60_000, to: Date.now() };
    const down = new PrometheusMetricSource({
      url: 'http://127.0.0.1:9',
      resourceLabel: 'node',
      resourceValue: '{resource}',
      scrapeIntervalSeconds: 1,
      timeoutSeconds: 5,
    });
    const e1 = await down.history(req).catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(AppError);
    expect(e1).toMatchObject({ reason: ErrReason.serviceUnavailable, message: 'Prometheus Service unavailable!' });
    // node_exporter is no Prometheus: its answer to the API's path is not the API's.
    const wrong = new PrometheusMetricSource({
      url: new URL(exporter.url).origin,
      resourceLabel: 'node',
      resourceValue: '{resource}',
      scrapeIntervalSeconds: 1,
      timeoutSeconds: 5,
    });
    const e2 = await wrong.history(req).catch((e: unknown) => e);
    expect(e2).toMatchObject({ reason: ErrReason.serviceInterfaceError, message: 'Prometheus interface error' });
    // A resource Prometheus does not know: steps without values, not an error.
    const none = await promSource.history({ ...req, resources: ['nosuchnode'] });
    expect(none.series[0]?.points.every((p) => p.value === null)).toBe(true);
  });
});
