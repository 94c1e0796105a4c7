import type { NodeSpec } from './topology.js';

/*
 * Resource accounting. A job asks for `nodes` nodes, `cpus` cores and `gpus` GPUs in total and
 * `memoryMB` on each node. Cores and GPUs are spread evenly over the job's nodes, the first nodes
 * of its list taking one more when the total does not divide: node i of a job with 9 cores on 2
 * nodes holds 5 then 4. What a job holds on every node therefore follows from its row alone
 * (node_list, cpus, gpus, memory_mb): nothing else needs storing.
 */

export interface Amount {
  cpus: number;
  gpus: number;
  memoryMB: number;
}

export interface Request {
  nodes: number;
  /** In total. */
  cpus: number;
  /** In total. */
  gpus: number;
  /** On each node. */
  memoryMB: number;
}

/** A running job's hold on the cluster: its request and the nodes it got, in order. */
export interface Allocation extends Request {
  nodeList: readonly string[];
}

/** Node i's part of `total` spread over `n` nodes. */
export const share = (total: number, n: number, i: number): number => Math.floor(total / n) + (i < total % n ? 1 : 0);

/** What node i of a job needs. */
export const slotNeed = (req: Request, i: number): Amount => ({
  cpus: share(req.cpus, req.nodes, i),
  gpus: share(req.gpus, req.nodes, i),
  memoryMB: req.memoryMB,
});

/** What each node holds for the given allocations. */
export const usageByNode = (allocations: readonly Allocation[]): Map<string, Amount> => {
  const used = new Map<string, Amount>();
  for (const a of allocations) {
    a.nodeList.forEach((node, i) => {
      const need = slotNeed({ ...a, nodes: a.nodeList.length }, i);
      const u = used.get(node) ?? { cpus: 0, gpus: 0, memoryMB: 0 };
      used.set(node, { cpus: u.cpus + need.cpus, gpus: u.gpus + need.gpus, memoryMB: u.memoryMB + need.memoryMB });
    });
  }
  return used;
};

/** What is left on each node (never negative). */
export const freeByNode = (nodes: readonly NodeSpec[], used: ReadonlyMap<string, Amount>): Map<string, Amount> =>
  new Map(
    nodes.map((n) => {
      const u = used.get(n.name) ?? { cpus: 0, gpus: 0, memoryMB: 0 };
      return [
        n.name,
        {
          cpus: Math.max(0, n.cpus - u.cpus),
          gpus: Math.max(0, n.gpus - u.gpus),
          memoryMB: Math.max(0, n.memoryMB - u.memoryMB),
        },
      ];
    }),
  );

const covers = (free: Amount, need: Amount) => free.cpus >= need.cpus && free.gpus >= need.gpus && free.memoryMB >= need.memoryMB;

/**
 * Picks nodes for a request among `candidates` (in preference order) given what is free on each,
 * or null when it does not fit now. Node i's need never grows with i, so the nodes able to hold
 * slot i include those able to hold slot i-1, and filling the slots in order with any node that
 * can take them finds a placement whenever one exists. Among the nodes that can, it takes the
 * fullest one (fewest free GPUs, then cores, then first in order), leaving idle nodes and GPUs for
 * the jobs that need them.
 */
export const allocate = (candidates: readonly string[], free: ReadonlyMap<string, Amount>, req: Request): string[] | null => {
  if (req.nodes < 1 || req.nodes > candidates.length || req.cpus < req.nodes) return null;
  const taken = new Set<string>();
  const picked: string[] = [];
  for (let i = 0; i < req.nodes; i++) {
    const need = slotNeed(req, i);
    let best: string | null = null;
    let bestFree: Amount | null = null;
    for (const name of candidates) {
      if (taken.has(name)) continue;
      const f = free.get(name);
      if (!f || !covers(f, need)) continue;
      if (!bestFree || f.gpus < bestFree.gpus || (f.gpus === bestFree.gpus && f.cpus < bestFree.cpus)) {
        best = name;
        bestFree = f;
      }
    }
    if (best === null) return null;
    taken.add(best);
    picked.push(best);
  }
  return picked;
};

/** Takes an allocation's amounts off the free map (in place). */
export const reserve = (free: Map<string, Amount>, alloc: Allocation): void => {
  alloc.nodeList.forEach((node, i) => {
    const need = slotNeed({ ...alloc, nodes: alloc.nodeList.length }, i);
    const f = free.get(node);
    if (f) free.set(node, { cpus: f.cpus - need.cpus, gpus: f.gpus - need.gpus, memoryMB: f.memoryMB - need.memoryMB });
  });
};

/** Capacity of the given nodes as a free map (an empty cluster). */
export const capacityOf = (nodes: readonly NodeSpec[]): Map<string, Amount> =>
  new Map(nodes.map((n) => [n.name, { cpus: n.cpus, gpus: n.gpus, memoryMB: n.memoryMB }]));

/**
 * Memory on each node when a job gives none: the partition's smallest memory per core times the
 * most cores the job puts on one node, so a job that fits by cores fits by memory too.
 */
export const defaultMemoryPerNode = (partitionNodes: readonly NodeSpec[], req: Pick<Request, 'nodes' | 'cpus'>): number => {
  const perCore = Math.min(...partitionNodes.map((n) => Math.floor(n.memoryMB / n.cpus)));
  return Math.max(1, perCore * Math.ceil(req.cpus / req.nodes));
};
