import type { CommandResult } from '../../access/command-runner.js';
import type { ServiceProbe } from '../types.js';

/*
 * The Slurm daemons as the service status groups show them (docs/services.md), read from
 * `scontrol ping` and from sacctmgr (which answers only through slurmdbd).
 */

/** `Slurmctld(primary) at head is UP`, one line per controller (Slurm 20.11 and later; older ones say `Slurmctld(primary/backup)`). */
const CONTROLLER = /^Slurmctld\(([^)]+)\) at (\S+) is (UP|DOWN)/;

const firstLine = (text: string): string => text.trim().split('\n')[0]?.trim().slice(0, 300) ?? '';

/** One probe per controller; a ping that printed none is one failed slurmctld probe with Slurm's words. */
export const parseControllerPing = (r: CommandResult): ServiceProbe[] => {
  const probes: ServiceProbe[] = [];
  for (const line of r.stdout.split('\n')) {
    const m = CONTROLLER.exec(line.trim());
    if (!m) continue;
    const [, role, host, state] = m;
    probes.push({ name: `slurmctld (${role})`, ok: state === 'UP', detail: `${host} is ${state}` });
  }
  if (probes.length > 0) return probes;
  return [
    { name: 'slurmctld', ok: false, detail: firstLine(r.stderr) || firstLine(r.stdout) || `scontrol ping exited with ${r.code}` },
  ];
};

/** sacctmgr lists the clusters slurmdbd keeps; any failure is slurmdbd (or the database behind it) not answering. */
export const parseDbdAnswer = (r: CommandResult): ServiceProbe => {
  if (r.code !== 0) return { name: 'slurmdbd', ok: false, detail: firstLine(r.stderr) || `sacctmgr exited with ${r.code}` };
  const clusters = r.stdout.split('\n').filter((l) => l.trim() !== '');
  return { name: 'slurmdbd', ok: true, detail: `clusters: ${clusters.join(', ') || 'none'}` };
};
