import type { NodeInfo, PartitionInfo } from '../types.js';
import { SEP, SINFO_NODE_FIELDS, type SinfoNodeField } from './commands.js';
import { gresGpus, int, parseDuration, parseKeyValues, parseTime, parseTres, records, text, tresGpus } from './values.js';

/* The cluster's shape for the adapter's ClusterInfo: nodes from sinfo, partitions from scontrol. */

/** Node states without sinfo's flag suffixes (* not responding, ~ powered off, # powering up, ...). */
const nodeState = (v: string): string =>
  text(v)
    .toLowerCase()
    .replace(/[*~#!%$@^-]+$/, '');

/** Nodes of `sinfo -h -a -N -O <SINFO_NODE_FIELDS>` (one row per node and partition). */
export const parseSinfoNodes = (out: string): NodeInfo[] => {
  const nodes = new Map<string, NodeInfo>();
  for (const r of records(out, SINFO_NODE_FIELDS, SEP) as Record<SinfoNodeField, string>[]) {
    const name = text(r.NodeList);
    if (!name) continue;
    const partition = text(r.Partition).replace(/\*$/, '');
    const known = nodes.get(name);
    if (known) {
      if (partition && !known.partitions.includes(partition)) known.partitions.push(partition);
      continue;
    }
    const [alloc, , , total] = text(r.CPUsState).split('/');
    nodes.set(name, {
      name,
      state: nodeState(r.StateLong),
      cpus: int(total),
      cpusAlloc: int(alloc),
      gpus: gresGpus(r.Gres),
      gpusAlloc: gresGpus(r.GresUsed),
      memoryMB: int(r.Memory),
      partitions: partition ? [partition] : [],
      notResponding: text(r.StateLong).endsWith('*'),
      reason: text(r.Reason) === 'none' ? '' : text(r.Reason),
      reasonSince: parseTime(r.Timestamp),
    });
  }
  return [...nodes.values()];
};

/** What the adapter knows beside `scontrol show partition`: the portal's partitions and their cores per job. */
export interface PartitionExtras {
  /** Partitions listed in the portal's include file, with the cores per job noted there (null: none). */
  managed: ReadonlyMap<string, number | null>;
}

const NO_EXTRAS: PartitionExtras = { managed: new Map() };

/** "ALL" or the list of AllowAccounts. */
const allowList = (v: string | undefined): 'ALL' | string[] => {
  const t = text(v);
  return t === '' || t === 'ALL' ? 'ALL' : t.split(',').filter(Boolean);
};

/** Partitions of `scontrol show partition -o`; their nodes come from the node listing. */
export const parsePartitions = (out: string, nodes: NodeInfo[], extras: PartitionExtras = NO_EXTRAS): PartitionInfo[] =>
  out
    .split('\n')
    .filter((l) => l.startsWith('PartitionName='))
    .map((line) => {
      const kv = parseKeyValues(line);
      const name = text(kv.get('PartitionName'));
      const maxNodes = text(kv.get('MaxNodes'));
      return {
        name,
        isDefault: kv.get('Default') === 'YES',
        state: text(kv.get('State')).toLowerCase(),
        maxTime: parseDuration(kv.get('MaxTime')),
        defaultTime: parseDuration(kv.get('DefaultTime')),
        maxNodes: /^\d+$/.test(maxNodes) ? Number(maxNodes) : null,
        maxCoresPerJob: extras.managed.get(name) ?? null,
        priority: int(kv.get('PriorityJobFactor')),
        allowAccounts: allowList(kv.get('AllowAccounts')),
        managed: extras.managed.has(name),
        nodes: nodes.filter((n) => n.partitions.includes(name)).map((n) => n.name),
        totalCores: int(kv.get('TotalCPUs')),
        totalGpus: tresGpus(parseTres(kv.get('TRES'))),
      };
    });
