import type { ExitStatus } from '@portal/shared';
import { allocate, capacityOf, freeByNode, reserve, usageByNode, type Allocation, type Request } from './resources.js';
import type { RunningCounts } from './running-counts.js';
import type { PartitionSpec, Topology } from './topology.js';

/*
 * Scheduling decisions, as pure functions of the queue's state: which waiting jobs start now and
 * on which nodes, why the others wait, when a running job is past its limit, and how an ended job
 * is recorded.
 */

/** Why a job waits (the words Slurm uses). */
export const Reason = {
  /** Not looked at yet. */
  none: 'None',
  resources: 'Resources',
  priority: 'Priority',
  heldUser: 'JobHeldUser',
  heldAdmin: 'JobHeldAdmin',
  /** Its partition is gone or can never hold it (the configuration changed). */
  partitionConfig: 'PartitionConfig',
  /** Its partition is down: it waits until the partition is up again. */
  partitionDown: 'PartitionDown',
  /** Its account, or its user within the account, already runs as many jobs as the quota allows. */
  jobLimit: 'AssocMaxJobsLimit',
} as const;

export interface WaitingJob {
  id: number;
  partition: string;
  priority: number;
  submitAt: number;
  request: Request;
  /** Whose it is, for the running-job limits ('' when it has no account). */
  account?: string | undefined;
  user?: string | undefined;
}

export interface Plan {
  /** Jobs to start now, in start order, with their nodes. */
  start: { id: number; nodeList: string[] }[];
  /** Why each job that stays waits. */
  reasons: Map<number, string>;
}

/** Queue order: higher priority first, then earlier submission, then lower id. */
export const queueOrder = (a: WaitingJob, b: WaitingJob): number =>
  b.priority - a.priority || a.submitAt - b.submitAt || a.id - b.id;

/** Whether a request can ever run in a partition (on its nodes when they are all idle). */
export const everFits = (topology: Topology, partition: PartitionSpec, req: Request): boolean => {
  const nodes = partition.nodes.map((n) => topology.node(n)).filter((n) => n !== undefined);
  return allocate(partition.nodes, capacityOf(nodes), req) !== null;
};

/**
 * Decides which waiting (not held) jobs start, in strict queue order as Slurm's builtin
 * scheduler does: the first job that does not fit waits for Resources and reserves its
 * partition's nodes, so a later job that could use any of them waits for Priority rather than
 * overtaking it. Jobs that can never run where they are wait for PartitionConfig and hold no one up;
 * so do jobs whose account or user already runs as many jobs as its quota allows (as Slurm's
 * association limits: they wait for AssocMaxJobsLimit and reserve nothing).
 */
export const planSchedule = (
  topology: Topology,
  running: readonly Allocation[],
  waiting: readonly WaitingJob[],
  counts?: RunningCounts,
): Plan => {
  const free = freeByNode(topology.nodes, usageByNode(running));
  const blocked = new Set<string>();
  const plan: Plan = { start: [], reasons: new Map() };
  // A partition's priority (PriorityJobFactor) counts before the job's own.
  const tier = (j: WaitingJob) => topology.partition(j.partition)?.priority ?? 0;
  for (const job of [...waiting].sort((a, b) => tier(b) - tier(a) || queueOrder(a, b))) {
    const partition = topology.partition(job.partition);
    if (!partition || !everFits(topology, partition, job.request)) {
      plan.reasons.set(job.id, Reason.partitionConfig);
      continue;
    }
    if (partition.state === 'down') {
      plan.reasons.set(job.id, Reason.partitionDown);
      continue;
    }
    const owner = { account: job.account ?? '', user: job.user ?? '' };
    if (counts?.atLimit(owner.account, owner.user)) {
      plan.reasons.set(job.id, Reason.jobLimit);
      continue;
    }
    const behind = partition.nodes.some((n) => blocked.has(n));
    const nodeList = behind ? null : allocate(partition.nodes, free, job.request);
    if (nodeList) {
      reserve(free, { ...job.request, nodeList });
      plan.start.push({ id: job.id, nodeList });
      counts?.add(owner.account, owner.user);
      continue;
    }
    plan.reasons.set(job.id, behind ? Reason.priority : Reason.resources);
    for (const n of partition.nodes) blocked.add(n);
  }
  return plan;
};

/** The limit a job gets: the partition's default when it asks none (0), capped by the partition's maximum. */
export const resolveTimeLimit = (partition: PartitionSpec, requested: number): number => {
  const asked = requested > 0 ? Math.ceil(requested) : partition.defaultTime;
  return partition.maxTime === null ? asked : Math.min(asked, partition.maxTime);
};

export interface RunClock {
  startAt: number | null;
  /** Suspended time of earlier suspensions. */
  suspendedMs: number;
  /** Set while suspended. */
  suspendedAt: number | null;
}

/** Milliseconds a job has run by `now`, not counting time suspended. */
export const runTimeMs = (j: RunClock, now: number): number => {
  if (j.startAt === null) return 0;
  const suspendedNow = j.suspendedAt === null ? 0 : Math.max(0, now - j.suspendedAt);
  return Math.max(0, now - j.startAt - j.suspendedMs - suspendedNow);
};

/** Whether a job has used up its limit (seconds). */
export const pastLimit = (j: RunClock, limitSeconds: number, now: number): boolean => runTimeMs(j, now) >= limitSeconds * 1000;

/** What ended a job, when the scheduler ended it. */
export type EndIntent = 'delete' | 'timeout' | 'reenterQueue';

export interface ProcessExit {
  /** The shell's status: the code, or 128 + the signal that killed it. */
  status: number;
  cpuSeconds: number | null;
}

/** "code:signal" from a shell status, as Slurm prints exit codes. */
export const exitCodeText = (status: number): string => (status > 128 && status < 128 + 65 ? `0:${status - 128}` : `${status}:0`);

export interface Outcome {
  exitStatus: ExitStatus;
  schedulerState: string;
  exitCode: string;
}

/**
 * How an ended job is recorded. `exit` is what its wrapper wrote; null when the process vanished
 * without writing it (killed outright, or the machine restarted).
 */
export const outcomeOf = (
  intent: Exclude<EndIntent, 'reenterQueue'> | null,
  exit: ProcessExit | null,
  killedHard = false,
): Outcome => {
  const code = exit ? exitCodeText(exit.status) : killedHard || intent === null ? '0:9' : '0:15';
  if (intent === 'delete') return { exitStatus: 'delete', schedulerState: 'CANCELLED', exitCode: code };
  if (intent === 'timeout') return { exitStatus: 'timeout', schedulerState: 'TIMEOUT', exitCode: code };
  if (exit && exit.status === 0) return { exitStatus: 'complete', schedulerState: 'COMPLETED', exitCode: code };
  return { exitStatus: 'fail', schedulerState: 'FAILED', exitCode: code };
};
