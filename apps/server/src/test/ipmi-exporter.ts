import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';
import { freePort, need, running, waitFor } from './daemons.js';
import type { TestBmc } from './ipmi-sim.js';

/*
 * A chassis's sensors for tests: a real ipmi_exporter (Debian prometheus-ipmi-exporter, which runs
 * FreeIPMI's tools) reading a simulated BMC, with the module the docs give
 * (docs/examples/ipmi-exporter.yml) and the BMC's credentials. ipmi_sim speaks IPMI 1.5 only
 * (driver LAN) and leaves one reply of each session unanswered: FreeIPMI retransmits after 100 ms
 * instead of its default second. The metric target is the exporter's /ipmi URL for the BMC.
 */

export interface TestIpmiExporter {
  url: string;
  stop(): Promise<void>;
}

const EXAMPLE = resolve(import.meta.dirname, '../../../../docs/examples/ipmi-exporter.yml');
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const FAST_RETRY = ['--session-timeout=10000', '--retransmission-timeout=100'];

export const startIpmiExporter = async (bmc: TestBmc): Promise<TestIpmiExporter> => {
  need('prometheus-ipmi-exporter', 'prometheus-ipmi-exporter');
  const dir = mkdtempSync(join(tmpdir(), 'portal-ipmi-exporter-'));
  const config: unknown = parse(readFileSync(EXAMPLE, 'utf8'));
  const module = isRecord(config) && isRecord(config.modules) ? config.modules.chassis : undefined;
  if (!isRecord(module) || !Array.isArray(module.collectors))
    throw new Error(`${EXAMPLE} has no module "chassis" with collectors`);
  const collectors = module.collectors.map(String);
  Object.assign(module, {
    user: bmc.user,
    pass: bmc.password,
    driver: 'LAN',
    custom_args: Object.fromEntries(collectors.map((c) => [c, FAST_RETRY])),
  });
  writeFileSync(join(dir, 'ipmi.yml'), stringify(config));
  const port = await freePort();
  // HOME: FreeIPMI caches each BMC's SDRs under ~/.freeipmi, by address; a test's BMC is new each time.
  const exporter = running(
    'prometheus-ipmi-exporter',
    [`--config.file=${join(dir, 'ipmi.yml')}`, `--web.listen-address=127.0.0.1:${port}`],
    {
      HOME: dir,
    },
  );
  const url = `http://127.0.0.1:${port}/ipmi?target=127.0.0.1:${bmc.port}&module=chassis`;
  await waitFor(
    'ipmi_exporter',
    async () => (await (await fetch(url)).text()).includes('ipmi_up{collector="ipmi"} 1'),
    exporter.output,
  );
  return {
    url,
    stop: async () => {
      exporter.child.kill('SIGTERM');
      await exporter.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
