import { expandHostlist, parseDuration } from '@portal/shared';
import type { Config } from '../../../config/schema.js';
import type { PartitionSettings } from '../types.js';

/* The virtual cluster the built-in scheduler runs: nodes and partitions from the configuration. */

export type LocalSettings = Config['clusters'][number]['local'];

export interface NodeSpec {
  name: string;
  cpus: number;
  gpus: number;
  memoryMB: number;
}

export interface PartitionSpec {
  name: string;
  isDefault: boolean;
  /** Node names, in configuration order. */
  nodes: string[];
  /** Seconds; null = unlimited. */
  maxTime: number | null;
  /** Seconds, never above maxTime. */
  defaultTime: number;
  /** Per job; null = unlimited. */
  maxNodes: number | null;
  maxCores: number | null;
  /** Slurm's PriorityJobFactor: jobs of a higher one start first. */
  priority: number;
  allowAccounts: 'ALL' | string[];
  /** up: jobs start; down: they are accepted and wait. */
  state: 'up' | 'down';
  /** Made in the portal (stored in local_partitions), not in the configuration file. */
  managed: boolean;
}

export interface Topology {
  /** Nodes that belong to at least one partition, in configuration order. */
  nodes: NodeSpec[];
  /** Every configured node, in a partition or not (queue management offers them all). */
  allNodes: NodeSpec[];
  partitions: PartitionSpec[];
  node(name: string): NodeSpec | undefined;
  partition(name: string): PartitionSpec | undefined;
  defaultPartition: PartitionSpec;
  /** Partitions a node belongs to. */
  partitionsOf(node: string): string[];
}

const seconds = (text: string, what: string): number => {
  const s = parseDuration(text);
  if (s === null) throw new Error(`${what}: expected hh:mm:ss, got "${text}"`);
  return s;
};

/**
 * Builds the topology; throws on a configuration that cannot work (unknown or repeated node,
 * repeated partition). The first partition marked default is the default; with none marked, the
 * first partition is.
 */
export const buildTopology = (
  settings: Pick<LocalSettings, 'nodes' | 'partitions'>,
  /** Partitions made in the portal, after the configured ones (a name clash keeps the configured one). */
  stored: readonly PartitionSettings[] = [],
): Topology => {
  const all = new Map<string, NodeSpec>();
  for (const group of settings.nodes) {
    for (const name of expandHostlist(group.name)) {
      if (all.has(name)) throw new Error(`local scheduler: node ${name} is defined twice`);
      all.set(name, { name, cpus: group.cpus, gpus: group.gpus, memoryMB: group.memoryMB });
    }
  }
  const partitions: PartitionSpec[] = [];
  for (const p of settings.partitions) {
    if (partitions.some((q) => q.name === p.name)) throw new Error(`local scheduler: partition ${p.name} is defined twice`);
    const nodes = [...new Set(p.nodes.flatMap((n) => expandHostlist(n)))];
    for (const n of nodes) if (!all.has(n)) throw new Error(`local scheduler: partition ${p.name} names unknown node ${n}`);
    if (nodes.length === 0) throw new Error(`local scheduler: partition ${p.name} has no nodes`);
    const maxTime = p.maxTime === null ? null : seconds(p.maxTime, `partition ${p.name} maxTime`);
    const def = seconds(p.defaultTime, `partition ${p.name} defaultTime`);
    partitions.push({
      name: p.name,
      isDefault: false,
      nodes,
      maxTime,
      defaultTime: Math.max(1, maxTime === null ? def : Math.min(def, maxTime)),
      maxNodes: null,
      maxCores: null,
      priority: 1,
      allowAccounts: 'ALL',
      state: 'up',
      managed: false,
    });
  }
  for (const s of stored) {
    if (partitions.some((q) => q.name === s.name)) continue;
    // A node removed from the configuration since: the partition keeps the others.
    const nodes = s.nodes.filter((n) => all.has(n));
    if (nodes.length === 0) continue;
    const def = s.defaultTime ?? s.maxTime ?? 3600;
    partitions.push({
      name: s.name,
      isDefault: false,
      nodes,
      maxTime: s.maxTime,
      defaultTime: Math.max(1, s.maxTime === null ? def : Math.min(def, s.maxTime)),
      maxNodes: s.maxNodes,
      maxCores: s.maxCoresPerJob,
      priority: s.priority,
      allowAccounts: s.allowAccounts,
      state: s.state,
      managed: true,
    });
  }
  if (partitions.length === 0) throw new Error('local scheduler: no partition configured');
  const defIndex = Math.max(
    0,
    settings.partitions.findIndex((p) => p.default),
  );
  (partitions[defIndex] as PartitionSpec).isDefault = true;

  const used = new Set(partitions.flatMap((p) => p.nodes));
  const nodes = [...all.values()].filter((n) => used.has(n.name));
  const byPartition = new Map(partitions.map((p) => [p.name, p]));
  const memberOf = new Map<string, string[]>();
  for (const p of partitions) for (const n of p.nodes) memberOf.set(n, [...(memberOf.get(n) ?? []), p.name]);
  return {
    nodes,
    allNodes: [...all.values()],
    partitions,
    node: (name) => all.get(name),
    partition: (name) => byPartition.get(name),
    defaultPartition: partitions[defIndex] as PartitionSpec,
    partitionsOf: (node) => memberOf.get(node) ?? [],
  };
};

/**
 * A topology that can be replaced while the scheduler runs (queue management): everything that
 * holds it (the runner, submissions, the cluster state) sees the new one at once.
 */
export class LiveTopology implements Topology {
  constructor(private current: Topology) {}
  replace(next: Topology): void {
    this.current = next;
  }
  get nodes(): NodeSpec[] {
    return this.current.nodes;
  }
  get allNodes(): NodeSpec[] {
    return this.current.allNodes;
  }
  get partitions(): PartitionSpec[] {
    return this.current.partitions;
  }
  get defaultPartition(): PartitionSpec {
    return this.current.defaultPartition;
  }
  node(name: string): NodeSpec | undefined {
    return this.current.node(name);
  }
  partition(name: string): PartitionSpec | undefined {
    return this.current.partition(name);
  }
  partitionsOf(node: string): string[] {
    return this.current.partitionsOf(node);
  }
}
