import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config/load.js';
import { openDatabase, type DbHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { ManualClock } from '../../test/harness.js';
import { startSnmpSwitch, type TestSwitch } from '../../test/snmp.js';
import { metricEntry, testEmbeddedSource } from '../../test/metric-sources.js';
import { createTestStorage, type TestStorage } from '../../test/test-storage.js';

/*
 * Switch metrics over real SNMP: net-snmp's agent answers this machine's interfaces as a switch's
 * ports, snmp_exporter walks its IF-MIB with the module of docs/examples, and the embedded
 * collector reads the exporter's /snmp URL. Two rounds ten (manual) seconds apart, with 32 MiB
 * sent over the loopback between them.
 */

const entry = metricEntry;

describe('switch metrics over SNMP', () => {
  let storage: TestStorage;
  let h: DbHandle;
  let sw: TestSwitch;
  let web: Server;

  beforeAll(async () => {
    storage = createTestStorage('portal-metrics-switch-');
    h = await openDatabase(parseConfig({ dataDir: storage.dataDir, database: storage.database }));
    await migrateToLatest(h);
    sw = await startSnmpSwitch();
    // Something to send over the loopback: 32 MiB per request.
    const body = Buffer.alloc(32 * 1024 * 1024, 1);
    web = createServer((_, res) => res.end(body));
    await new Promise<void>((r) => web.listen(0, '127.0.0.1', r));
  }, 90_000);
  afterAll(async () => {
    await new Promise((r) => (web ? web.close(r) : r(null)));
    await sw?.stop();
    await h?.close();
    await storage?.dispose();
  });

  it('counts the ports, those up, and the bytes through them', async () => {
    const clock = new ManualClock(Date.now() - 60_000);
    const source = testEmbeddedSource(h, [{ resource: 'sw01', url: sw.url }], clock);
    const received = async () =>
      [...(await (await fetch(sw.url)).text()).matchAll(/^ifHCInOctets\{[^}]*\} (\S+)$/gm)].reduce((a, m) => a + Number(m[1]), 0);
    const before = await received();
    const from = clock.now();
    expect((await source.scrapeRound()).failed).toEqual([]);
    const address = web.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const got = await (await fetch(`http://127.0.0.1:${port}/`)).arrayBuffer();
    expect(got.byteLength).toBe(32 * 1024 * 1024);
    // The agent keeps its interface table a few seconds: wait until its counters show the bytes.
    const deadline = Date.now() + 60_000;
    while ((await received()) < before + 32 * 1024 * 1024 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    clock.advance(10_000);
    expect((await source.scrapeRound()).failed).toEqual([]);

    const ids = ['switch.ports', 'switch.portsUp', 'switch.receive', 'switch.transmit'];
    const a = await source.history({ resources: ['sw01'], metrics: ids.map(entry), from, to: clock.now() + 1000 });
    expect(a.stepSeconds).toBe(1);
    const last = (id: string) =>
      a.series
        .find((s) => s.metric === id)
        ?.points.filter((p) => p.value !== null)
        .at(-1)?.value;
    // The agent's ports are this machine's interfaces.
    const interfaces = readdirSync('/sys/class/net').length;
    expect(last('switch.ports')).toBe(interfaces);
    // Those up, as the exporter itself answers them (the loopback at least).
    const exposition = await (await fetch(sw.url)).text();
    const up = [...exposition.matchAll(/^ifOperStatus\{[^}]*\} (\d+)$/gm)].filter((m) => m[1] === '1').length;
    expect(up).toBeGreaterThanOrEqual(1);
    expect(last('switch.portsUp')).toBe(up);
    // The loopback's counters carried the 32 MiB both ways: the rates over the 10 s hold them.
    expect((last('switch.receive') ?? 0) * 10).toBeGreaterThanOrEqual(32 * 1024 * 1024);
    expect((last('switch.transmit') ?? 0) * 10).toBeGreaterThanOrEqual(32 * 1024 * 1024);
  }, 60_000);
});
