import type { LocalJobRow } from '../../../db/types.js';
import type { ClusterInfo } from '../types.js';
import { allocationOf } from './job-runner.js';
import { usageByNode } from './resources.js';
import type { Topology } from './topology.js';

/** The virtual nodes and partitions with what the jobs holding resources use of them. */
export const clusterStateOf = (topology: Topology, holding: LocalJobRow[]): ClusterInfo => {
  const used = usageByNode(holding.map(allocationOf));
  const nodes = topology.allNodes.map((n) => {
    const u = used.get(n.name) ?? { cpus: 0, gpus: 0, memoryMB: 0 };
    const cpusAlloc = Math.min(n.cpus, u.cpus);
    const gpusAlloc = Math.min(n.gpus, u.gpus);
    return {
      name: n.name,
      state: cpusAlloc === 0 && gpusAlloc === 0 ? 'idle' : cpusAlloc >= n.cpus ? 'allocated' : 'mixed',
      cpus: n.cpus,
      cpusAlloc,
      gpus: n.gpus,
      gpusAlloc,
      memoryMB: n.memoryMB,
      partitions: topology.partitionsOf(n.name),
    };
  });
  const partitions = topology.partitions.map((p) => {
    const members = p.nodes.map((name) => topology.node(name)).filter((n) => n !== undefined);
    return {
      name: p.name,
      isDefault: p.isDefault,
      state: p.state,
      maxTime: p.maxTime,
      defaultTime: p.defaultTime,
      maxNodes: p.maxNodes,
      maxCoresPerJob: p.maxCores,
      priority: p.priority,
      allowAccounts: p.allowAccounts === 'ALL' ? ('ALL' as const) : [...p.allowAccounts],
      managed: p.managed,
      nodes: [...p.nodes],
      totalCores: members.reduce((s, n) => s + n.cpus, 0),
      totalGpus: members.reduce((s, n) => s + n.gpus, 0),
    };
  });
  return { partitions, nodes };
};
