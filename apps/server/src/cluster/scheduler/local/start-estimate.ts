import type { LocalJobRow } from '../../../db/types.js';
import { allocationOf } from './job-runner.js';
import { everFits, queueOrder, runTimeMs, type WaitingJob } from './queue.js';
import { allocate, freeByNode, usageByNode, type Allocation, type Request } from './resources.js';
import type { Topology } from './topology.js';

/*
 * The built-in scheduler's guess at when a new job would start, kept simple (docs/jobs.md):
 * every job holding nodes frees them at its time limit (a suspended one never, as far as the guess
 * knows); the waiting jobs ahead of the new one in queue order are placed first, each at the
 * earliest moment it fits, never before a job ahead of it that shares nodes with its partition
 * (strict queue order, as the scheduling pass); a job placed in the future is counted as holding
 * its nodes from now until its end, which can only make the guess later, never earlier. Running-job
 * limits of the quotas are not counted. No answer (null) when the job can never start where it asks.
 */

export interface Holding extends Allocation {
  /** When it frees its nodes (epoch ms); Infinity: not known. */
  endAt: number;
}

export interface Queued extends WaitingJob {
  /** Seconds. */
  timeLimit: number;
}

export interface NewJob {
  partition: string;
  request: Request;
  priority: number;
  /** Seconds. */
  timeLimit: number;
}

/** Jobs placed ahead of the new one, at most: a longer queue is guessed as far as this. */
const MAX_AHEAD = 500;

export const estimateStart = (
  topology: Topology,
  now: number,
  holding: readonly Holding[],
  waiting: readonly Queued[],
  job: NewJob,
): { startAt: number; nodes: string[] } | null => {
  const tier = (j: { partition: string }) => topology.partition(j.partition)?.priority ?? 0;
  const mine: Queued = { id: Number.MAX_SAFE_INTEGER, submitAt: now, ...job };
  const order = [...waiting, mine].sort((a, b) => tier(b) - tier(a) || queueOrder(a, b));
  const ahead = order.slice(0, order.indexOf(mine)).slice(-MAX_AHEAD);
  const held: Holding[] = [...holding];
  const placed: { nodes: Set<string>; startAt: number }[] = [];
  for (const j of [...ahead, mine]) {
    const partition = topology.partition(j.partition);
    // Jobs that cannot run where they are (or not now: partition down) hold no one up.
    if (!partition || partition.state === 'down' || !everFits(topology, partition, j.request)) {
      if (j === mine) return null;
      continue;
    }
    const notBefore = Math.max(now, ...placed.filter((p) => partition.nodes.some((n) => p.nodes.has(n))).map((p) => p.startAt));
    const times = [notBefore, ...held.map((h) => h.endAt).filter((t) => t > notBefore && Number.isFinite(t))].sort(
      (a, b) => a - b,
    );
    let start: { at: number; nodeList: string[] } | null = null;
    for (const at of times) {
      const free = freeByNode(topology.nodes, usageByNode(held.filter((h) => h.endAt > at)));
      const nodeList = allocate(partition.nodes, free, j.request);
      if (nodeList) {
        start = { at, nodeList };
        break;
      }
    }
    if (j === mine) return start ? { startAt: start.at, nodes: start.nodeList } : null;
    if (!start) continue;
    held.push({ ...j.request, nodeList: start.nodeList, endAt: start.at + j.timeLimit * 1000 });
    placed.push({ nodes: new Set(partition.nodes), startAt: start.at });
  }
  return null;
};

/** The queue as stored, as the estimate reads it: who holds nodes until when, and who waits (held jobs do not). */
export const estimateInputs = (rows: readonly LocalJobRow[], now: number): { holding: Holding[]; waiting: Queued[] } => {
  const endOf = (r: LocalJobRow) => {
    // A suspended job's end is not known; a job being ended frees its nodes at once.
    if (r.state === 'S') return Infinity;
    if (r.state === 'E') return now;
    const run = runTimeMs({ startAt: r.start_at, suspendedMs: r.suspended_ms, suspendedAt: r.suspended_at }, now);
    return now + Math.max(0, r.time_limit_s * 1000 - run);
  };
  return {
    holding: rows
      .filter((r) => r.state === 'R' || r.state === 'S' || r.state === 'E')
      .map((r) => ({ ...allocationOf(r), endAt: endOf(r) })),
    waiting: rows
      .filter((r) => r.state === 'Q')
      .map((r) => ({
        id: r.id,
        partition: r.partition,
        priority: r.priority,
        submitAt: r.submit_at,
        request: { nodes: r.nodes, cpus: r.cpus, gpus: r.gpus, memoryMB: r.memory_mb },
        timeLimit: r.time_limit_s,
      })),
  };
};
