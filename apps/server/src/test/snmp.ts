import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, freeUdpPort, need, running, waitFor } from './daemons.js';

/*
 * A switch for tests: a real net-snmp agent (snmpd) answering this machine's interfaces on a
 * loopback UDP port, read by a real snmp_exporter with the module the docs give
 * (docs/examples/snmp-if_mib.yml). The metric target is the exporter's /snmp URL for it.
 */

export interface TestSwitch {
  /** The exposition URL of the switch (snmp_exporter's /snmp with target and module). */
  url: string;
  stop(): Promise<void>;
}

const MODULE = resolve(import.meta.dirname, '../../../../docs/examples/snmp-if_mib.yml');

export const startSnmpSwitch = async (): Promise<TestSwitch> => {
  need('snmpd', 'snmpd');
  need('prometheus-snmp-exporter', 'prometheus-snmp-exporter');
  const dir = mkdtempSync(join(tmpdir(), 'portal-snmp-'));
  writeFileSync(join(dir, 'snmpd.conf'), 'rocommunity public 127.0.0.1\n');
  const agentPort = await freeUdpPort();
  // -C: only this configuration; -f: in the foreground; -Lo: log to stdout (ignored).
  const agent = running('snmpd', ['-f', '-Lo', '-C', '-c', join(dir, 'snmpd.conf'), `udp:127.0.0.1:${agentPort}`]);
  const port = await freePort();
  const exporter = running('prometheus-snmp-exporter', [`--config.file=${MODULE}`, `--web.listen-address=127.0.0.1:${port}`]);
  const url = `http://127.0.0.1:${port}/snmp?target=127.0.0.1:${agentPort}&module=if_mib`;
  // Up when the exporter answers with the agent's ports.
  await waitFor(
    'snmpd and snmp_exporter',
    async () => (await (await fetch(url)).text()).includes('ifOperStatus{'),
    () => `${agent.output()}\n${exporter.output()}`,
  );
  return {
    url,
    stop: async () => {
      agent.child.kill('SIGTERM');
      exporter.child.kill('SIGTERM');
      await Promise.all([agent.exited, exporter.exited]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
