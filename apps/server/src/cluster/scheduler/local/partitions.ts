import type { PartitionSettings } from '../types.js';
import { reject } from './submission.js';
import type { Topology } from './topology.js';

/* What the built-in scheduler accepts as a partition made in the portal, in scontrol's words. */

const NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/;

export const checkPartitionSettings = (topology: Topology, s: PartitionSettings): void => {
  if (!NAME.test(s.name)) reject(`Invalid partition name: ${s.name}`);
  if (s.nodes.length === 0) reject(`Partition ${s.name} needs at least one node`);
  for (const n of s.nodes) if (!topology.node(n)) reject(`Invalid node name specified: ${n}`);
  if (s.maxTime !== null && s.defaultTime !== null && s.defaultTime > s.maxTime)
    reject(`DefaultTime exceeds MaxTime of partition ${s.name}`);
  for (const [what, v] of [
    ['MaxNodes', s.maxNodes],
    ['MaxCPUsPerJob', s.maxCoresPerJob],
  ] as const)
    if (v !== null && (!Number.isInteger(v) || v < 1)) reject(`Invalid ${what}: ${v}`);
  if (!Number.isInteger(s.priority) || s.priority < 0 || s.priority > 65533) reject(`Invalid PriorityJobFactor: ${s.priority}`);
};
