import { compressHostlist } from '@portal/shared';
import type { PartitionInfo, PartitionSettings } from '../types.js';
import { toMinutes } from './commands.js';

/*
 * Queue management on Slurm (docs/queues.md): the argv of scontrol, and the lines of the portal's
 * include file that keeps the partitions across a restart of slurmctld.
 *
 * Maximum cores per job is not a partition field in Slurm 22.05 (MaxCPUsPerNode is per node, and
 * MaxTRESPerJob belongs to a QOS): the portal keeps it in its include file, as a comment at the
 * end of the partition's line (`# portal: MaxCPUsPerJob=N`), and enforces it at submission.
 */

/** The comment that carries a partition's cores per job in the include file. */
const CORES_NOTE = /#\s*portal:\s*MaxCPUsPerJob=(\d+)/;

const time = (seconds: number | null): string => (seconds === null ? 'UNLIMITED' : String(toMinutes(seconds)));

/** The partition's fields as scontrol and slurm.conf write them (one argv word each). */
export const partitionFields = (s: PartitionSettings): string[] => [
  `Nodes=${compressHostlist(s.nodes)}`,
  `MaxTime=${time(s.maxTime)}`,
  `DefaultTime=${time(s.defaultTime ?? s.maxTime)}`,
  `MaxNodes=${s.maxNodes === null ? 'UNLIMITED' : String(s.maxNodes)}`,
  `PriorityJobFactor=${s.priority}`,
  `AllowAccounts=${s.allowAccounts === 'ALL' ? 'ALL' : s.allowAccounts.join(',')}`,
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
  HEADER +
  partitions
    .map(
      (p) =>
        `PartitionName=${p.name} ${partitionFields(p).join(' ')}${p.maxCoresPerJob === null ? '' : ` # portal: MaxCPUsPerJob=${p.maxCoresPerJob}`}\n`,
    )
    .join('');

/** The partitions an include file lists, with the cores per job noted for each (null: none). */
export const partitionsInIncludeFile = (text: string): Map<string, number | null> => {
  const found = new Map<string, number | null>();
  for (const line of text.split('\n')) {
    const name = /^PartitionName=(\S+)/.exec(line.trim())?.[1];
    if (!name) continue;
    const cores = CORES_NOTE.exec(line)?.[1];
    found.set(name, cores === undefined ? null : Number(cores));
  }
  return found;
};
