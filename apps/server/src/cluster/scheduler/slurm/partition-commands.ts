import { compressHostlist } from '@portal/shared';
import type { PartitionInfo, PartitionSettings } from '../types.js';
import { toMinutes } from './commands.js';

/*
 * Queue management on Slurm (docs/queues.md): the argv of scontrol and sacctmgr, and the lines
 * of the portal's include file that keeps the partitions across a restart of slurmctld.
 *
 * Maximum cores per job is not a partition field in Slurm 22.05 (MaxCPUsPerNode is per node):
 * each portal partition gets its own partition QOS, `portal_<name>`, holding MaxTRESPerJob=cpu=N
 * (cpu=-1 for none). Slurm enforces it with AccountingStorageEnforce=limits,qos.
 */

/** The partition QOS of a portal partition. */
export const qosOf = (partition: string): string => `portal_${partition}`;

const time = (seconds: number | null): string => (seconds === null ? 'UNLIMITED' : String(toMinutes(seconds)));

/** The partition's fields as scontrol and slurm.conf write them (one argv word each). */
export const partitionFields = (s: PartitionSettings): string[] => [
  `Nodes=${compressHostlist(s.nodes)}`,
  `MaxTime=${time(s.maxTime)}`,
  `DefaultTime=${time(s.defaultTime ?? s.maxTime)}`,
  `MaxNodes=${s.maxNodes === null ? 'UNLIMITED' : String(s.maxNodes)}`,
  `PriorityJobFactor=${s.priority}`,
  `AllowAccounts=${s.allowAccounts === 'ALL' ? 'ALL' : s.allowAccounts.join(',')}`,
  `QOS=${qosOf(s.name)}`,
  `State=${s.state === 'down' ? 'DOWN' : 'UP'}`,
];

export const createPartitionArgs = (bin: string, s: PartitionSettings): string[] => [
  `${bin}/scontrol`,
  'create',
  `PartitionName=${s.name}`,
  ...partitionFields(s),
];

export const updatePartitionArgs = (bin: string, s: PartitionSettings): string[] => [
  `${bin}/scontrol`,
  'update',
  `PartitionName=${s.name}`,
  ...partitionFields(s),
];

export const deletePartitionArgs = (bin: string, name: string): string[] => [
  `${bin}/scontrol`,
  'delete',
  `PartitionName=${name}`,
];

export const addQosArgs = (bin: string, name: string): string[] => [`${bin}/sacctmgr`, '-i', 'add', 'qos', qosOf(name)];

export const setQosCpusArgs = (bin: string, name: string, cpus: number | null): string[] => [
  `${bin}/sacctmgr`,
  '-i',
  'modify',
  'qos',
  'where',
  `name=${qosOf(name)}`,
  'set',
  `MaxTRESPerJob=cpu=${cpus ?? -1}`,
  // Refused at submission, like the portal and the built-in scheduler, instead of pending forever.
  'Flags=DenyOnLimit',
];

export const deleteQosArgs = (bin: string, name: string): string[] => [
  `${bin}/sacctmgr`,
  '-i',
  'delete',
  'qos',
  'where',
  `name=${qosOf(name)}`,
];

export const qosListArgs = (bin: string): string[] => [`${bin}/sacctmgr`, '-n', '-P', 'show', 'qos', 'format=name,maxtres'];

/** `sacctmgr -n -P show qos format=name,maxtres` to each QOS's cpu limit per job. */
export const parseQosCpus = (out: string): Map<string, number> => {
  const map = new Map<string, number>();
  for (const line of out.split('\n')) {
    const [name, tres] = line.trim().split('|');
    const m = /(?:^|,)cpu=(\d+)/.exec(tres ?? '');
    if (name && m) map.set(name, Number(m[1]));
  }
  return map;
};

/** A live partition back to the settings that made it (to rewrite the include file). */
export const settingsOf = (p: PartitionInfo): PartitionSettings => ({
  name: p.name,
  nodes: p.nodes,
  maxTime: p.maxTime,
  defaultTime: p.defaultTime,
  maxNodes: p.maxNodes,
  maxCoresPerJob: p.maxCoresPerJob,
  priority: p.priority,
  allowAccounts: p.allowAccounts,
  state: p.state === 'down' ? 'down' : 'up',
});

const HEADER = `# Written by HPC Portal (queue management, docs/queues.md): the partitions made in the portal.
# slurm.conf includes this file so that they survive a restart of slurmctld. Do not edit by hand:
# the portal rewrites it after every change.
`;

/** The include file's text for these partitions. */
export const includeFile = (partitions: readonly PartitionSettings[]): string =>
  HEADER + partitions.map((p) => `PartitionName=${p.name} ${partitionFields(p).join(' ')}\n`).join('');

/** The partition names an include file lists. */
export const namesInIncludeFile = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => /^PartitionName=(\S+)/.exec(l.trim())?.[1])
    .filter((n): n is string => n !== undefined);
