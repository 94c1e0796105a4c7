import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installSensors, type BmcSensor } from './bmc-sensors.js';
import { freeUdpPort } from './daemons.js';

/*
 * A simulated BMC for tests: OpenIPMI's ipmi_sim on a loopback UDP port (Debian `openipmi`;
 * ../shared/notes/real-cluster-on-one-machine.md). Its chassis-control program keeps the power
 * state in a file, so a test can read what the portal switched; given sensors (bmc-sensors.ts), it
 * answers their readings, which a test sets.
 */

export interface TestBmc {
  port: number;
  user: string;
  password: string;
  /** The chassis power as the simulated machine has it now. */
  power(): 'on' | 'off';
  /** Sets a sensor's reading, in its units (the BMC polls it within a fifth of a second). */
  setSensor(name: string, value: number): void;
  stop(): Promise<void>;
}

const ipmitoolStatus = (port: number, password: string) =>
  new Promise<boolean>((resolve) => {
    execFile(
      'ipmitool',
      [
        '-I',
        'lan',
        '-H',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'admin',
        '-E',
        '-N',
        '1',
        '-R',
        '1',
        'chassis',
        'power',
        'status',
      ],
      { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', IPMI_PASSWORD: password }, timeout: 10_000 },
      (err) => resolve(!err),
    );
  });

export const startTestBmc = async (
  password = 'bmc-Secret-1',
  opts: { sensors?: readonly BmcSensor[] } = {},
): Promise<TestBmc> => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bmc-'));
  const sensors = installSensors(dir, opts.sensors ?? []);
  const powerFile = join(dir, 'power');
  writeFileSync(powerFile, '1\n');
  const chassis = join(dir, 'chassis.sh');
  // Called as `chassis.sh get power` (prints power:1|0) and `chassis.sh set power 0|1`.
  writeFileSync(
    chassis,
    `#!/bin/sh
f='${powerFile}'
case "$1" in
  get) echo "power:$(cat "$f")" ;;
  set) [ "$2" = power ] && echo "$3" > "$f" ;;
esac
`,
  );
  chmodSync(chassis, 0o755);
  const port = await freeUdpPort();
  writeFileSync(
    join(dir, 'lan.conf'),
    `name "test"
set_working_mc 0x20
  startlan 1
    addr 127.0.0.1 ${port}
    priv_limit admin
    allowed_auths_callback none md2 md5 straight
    allowed_auths_user none md2 md5 straight
    allowed_auths_operator none md2 md5 straight
    allowed_auths_admin none md2 md5 straight
    guid a123456789abcdefa123456789abcdef
  endlan
  chassis_control "${chassis}"
  user 2 true "admin" "${password}" admin 10 none md2 md5 straight
`,
  );
  writeFileSync(
    join(dir, 'cmds'),
    [
      'mc_setbmc 0x20',
      'mc_add 0x20 0 no-device-sdrs 0x23 9 8 0x9f 0x1291 0xf02 persist_sdr',
      ...sensors.commands,
      'mc_enable 0x20',
      '',
    ].join('\n'),
  );
  const sim: ChildProcess = spawn('ipmi_sim', ['-c', join(dir, 'lan.conf'), '-f', join(dir, 'cmds'), '-n', '-s', dir], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => sim.once('exit', () => resolve()));
  sim.once('error', () => undefined);
  // Self-contained (the browser tests use it too): wait until the BMC answers.
  const end = Date.now() + 30_000;
  while (!(await ipmitoolStatus(port, password))) {
    if (Date.now() > end) throw new Error(`ipmi_sim did not answer on UDP ${port} (apt-get install openipmi ipmitool)`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    port,
    user: 'admin',
    password,
    power: () => (readFileSync(powerFile, 'utf8').trim() === '0' ? 'off' : 'on'),
    setSensor: sensors.set,
    stop: async () => {
      sim.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
