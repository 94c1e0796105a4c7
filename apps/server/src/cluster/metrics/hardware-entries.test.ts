import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config/load.js';
import { openDatabase, type DbHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { CHASSIS_SENSORS } from '../../test/bmc-sensors.js';
import { ManualClock } from '../../test/harness.js';
import { startIpmiExporter, type TestIpmiExporter } from '../../test/ipmi-exporter.js';
import { startTestBmc, type TestBmc } from '../../test/ipmi-sim.js';
import { metricEntry, testEmbeddedSource } from '../../test/metric-sources.js';
import { createTestStorage, type TestStorage } from '../../test/test-storage.js';
import { CATALOGUE_FAMILIES } from './catalogue.js';
import { parseExposition } from './exposition.js';

/*
 * Heat, fans, power and sensor health: read from node_exporter's hwmon and ipmi_exporter's BMC
 * sensors alike; then a blade chassis for real: a simulated BMC (ipmi_sim) with an inlet
 * temperature, a fan and a power supply, read by a real ipmi_exporter with the docs' module and
 * scraped by the embedded collector.
 */

const entry = metricEntry;
const read = (id: string, lines: string[]) => entry(id).read(parseExposition(lines.join('\n'), CATALOGUE_FAMILIES));

describe('hardware metrics from hwmon and IPMI sensors', () => {
  it('takes the hottest of both exporters and the mean of all fans', () => {
    const lines = [
      'node_hwmon_temp_celsius{chip="platform_coretemp_0",sensor="temp1"} 51',
      'ipmi_temperature_celsius{id="2",name="Inlet Temp"} 38',
      'ipmi_temperature_celsius{id="5",name="CPU1 Temp"} 67',
      'node_hwmon_fan_rpm{chip="nct6775",sensor="fan1"} 1000',
      'ipmi_fan_speed_rpm{id="3",name="Fan 1"} 5000',
    ];
    expect(read('hardware.temperature', lines)).toBe(67);
    expect(read('hardware.fanSpeed', lines)).toBe(3000);
    expect(read('hardware.temperature', ['node_load1 1'])).toBeUndefined();
  });

  it("prefers DCMI's power reading, else adds up the power supplies", () => {
    const supplies = ['ipmi_power_watts{id="4",name="PSU1 Input"} 350', 'ipmi_power_watts{id="5",name="PSU2 Input"} 340'];
    expect(read('hardware.power', supplies)).toBe(690);
    expect(read('hardware.power', [...supplies, 'ipmi_dcmi_power_consumption_watts 702'])).toBe(702);
    expect(read('hardware.power', ['node_load1 1'])).toBeUndefined();
  });

  it('counts the sensors in warning or critical, none when the BMC reports no state', () => {
    const states = [
      'ipmi_temperature_state{id="2",name="Inlet Temp"} 2',
      'ipmi_fan_speed_state{id="3",name="Fan 1"} 0',
      'ipmi_voltage_state{id="7",name="12V"} 1',
      'ipmi_sensor_state{id="9",name="PSU Redundancy",type="Power Supply"} NaN',
      'ipmi_power_state{id="4",name="PSU1 Input"} 0',
    ];
    expect(read('hardware.sensorsAbnormal', states)).toBe(2);
    expect(read('hardware.sensorsAbnormal', ['ipmi_fan_speed_state{id="3",name="Fan 1"} 0'])).toBe(0);
    expect(read('hardware.sensorsAbnormal', ['node_hwmon_temp_celsius{chip="c",sensor="t"} 40'])).toBeUndefined();
  });
});

describe('a blade chassis read through ipmi_exporter from a simulated BMC', () => {
  let storage: TestStorage;
  let h: DbHandle;
  let bmc: TestBmc;
  let exporter: TestIpmiExporter;

  beforeAll(async () => {
    storage = createTestStorage('portal-metrics-chassis-');
    h = await openDatabase(parseConfig({ dataDir: storage.dataDir, database: storage.database }));
    await migrateToLatest(h);
    bmc = await startTestBmc('chassis-Secret-1', { sensors: CHASSIS_SENSORS });
    exporter = await startIpmiExporter(bmc);
  }, 120_000);
  afterAll(async () => {
    await exporter?.stop();
    await bmc?.stop();
    await h?.close();
    await storage?.dispose();
  });

  it('charts its temperature, fan, power and sensors out of range, and sees a reading cross a threshold', async () => {
    const clock = new ManualClock(Date.now() - 60_000);
    const source = testEmbeddedSource(h, [{ resource: 'chassis01', url: exporter.url }], clock);
    const from = clock.now();
    expect((await source.scrapeRound()).failed).toEqual([]);
    // The inlet goes past its critical threshold (85 °C); wait until the BMC answers it.
    bmc.setSensor('Inlet Temp', 90);
    const deadline = Date.now() + 60_000;
    while (!(await (await fetch(exporter.url)).text()).includes('ipmi_temperature_celsius{id="2",name="Inlet Temp"} 90')) {
      if (Date.now() > deadline) throw new Error('the BMC did not answer the new reading within 60 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    clock.advance(10_000);
    expect((await source.scrapeRound()).failed).toEqual([]);

    const ids = ['hardware.temperature', 'hardware.fanSpeed', 'hardware.power', 'hardware.sensorsAbnormal'];
    const a = await source.history({ resources: ['chassis01'], metrics: ids.map(entry), from, to: clock.now() + 1000 });
    const valuesOf = (id: string) =>
      a.series
        .find((s) => s.metric === id)
        ?.points.map((p) => p.value)
        .filter((v) => v !== null);
    expect(valuesOf('hardware.temperature')).toEqual([42, 90]);
    expect(valuesOf('hardware.sensorsAbnormal')).toEqual([0, 1]);
    // 100 steps of 50 rpm; 35 steps of 10 W (the SDRs' factors).
    expect(valuesOf('hardware.fanSpeed')).toEqual([5000, 5000]);
    expect(valuesOf('hardware.power')).toEqual([350, 350]);
  }, 120_000);

  it("reads a node's own figures and its BMC's as one resource, whichever of its targets answers", async () => {
    const clock = new ManualClock(Date.now() - 60_000);
    const source = testEmbeddedSource(
      h,
      [
        { resource: 'blade01', url: 'builtin:host' },
        { resource: 'blade01', url: exporter.url },
        // A third that is down: the resource still answers.
        { resource: 'blade01', url: 'http://127.0.0.1:9/metrics' },
        { resource: 'blade02', url: 'http://127.0.0.1:9/metrics' },
      ],
      clock,
    );
    expect(source.resources()).toEqual(['blade01', 'blade02']);
    const from = clock.now();
    expect((await source.scrapeRound()).failed).toEqual(['blade02']);
    const a = await source.history({
      resources: ['blade01'],
      metrics: ['cpu.count', 'memory.total', 'hardware.fanSpeed', 'hardware.power'].map(entry),
      from,
      to: clock.now() + 1000,
    });
    const first = (id: string) => a.series.find((s) => s.metric === id)?.points.find((p) => p.value !== null)?.value;
    expect(first('cpu.count')).toBeGreaterThan(0);
    expect(first('memory.total')).toBeGreaterThan(0);
    expect(first('hardware.fanSpeed')).toBe(5000);
    expect(first('hardware.power')).toBe(350);
  }, 120_000);
});
