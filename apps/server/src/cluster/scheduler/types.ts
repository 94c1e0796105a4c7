import type { ExitStatus, JobState } from '@portal/shared';
import type { ServiceProbe } from '../services/probe.js';

/*
 * What every scheduler adapter speaks. Times are epoch milliseconds, durations seconds, memory
 * MiB. A job belongs to a POSIX account named like its portal user.
 */

export interface PartitionInfo {
  name: string;
  isDefault: boolean;
  /** up, down, drain, inactive */
  state: string;
  /** Seconds; null = unlimited. */
  maxTime: number | null;
  defaultTime: number | null;
  /** Per job; null = unlimited. */
  maxNodes: number | null;
  /** Cores per job; null = unlimited (Slurm: the partition QOS's MaxTRESPerJob=cpu, docs/queues.md). */
  maxCoresPerJob: number | null;
  /** Slurm's PriorityJobFactor. */
  priority: number;
  /** 'ALL' or the accounts that may use it. */
  allowAccounts: 'ALL' | string[];
  /** Made by the portal (createPartition): it may be changed and deleted through the adapter. */
  managed: boolean;
  nodes: string[];
  totalCores: number;
  totalGpus: number;
}

/** A partition as the portal creates or changes it (queue management). Times in seconds, null = unlimited. */
export interface PartitionSettings {
  name: string;
  maxTime: number | null;
  /** null: the maximum. */
  defaultTime: number | null;
  maxNodes: number | null;
  maxCoresPerJob: number | null;
  priority: number;
  nodes: string[];
  allowAccounts: 'ALL' | string[];
  state: 'up' | 'down';
}

export interface NodeInfo {
  name: string;
  /** The scheduler's state word, lower case: idle, mixed, allocated, down, drained, ... */
  state: string;
  cpus: number;
  cpusAlloc: number;
  gpus: number;
  gpusAlloc: number;
  memoryMB: number;
  partitions: string[];
  /** Only schedulers with real nodes (Slurm): the node does not answer its controller (sinfo's `*`). */
  notResponding?: boolean;
  /** Why the node is down or drained, as an operator or the scheduler set it; '' when none. */
  reason?: string;
  /** When that reason was set (epoch ms). */
  reasonSince?: number | null;
}

export type NodeStateChange = 'drain' | 'down' | 'resume';

export interface ClusterInfo {
  partitions: PartitionInfo[];
  nodes: NodeInfo[];
}

/** A job that has not finished, as the scheduler reports it now. */
export interface ActiveJob {
  jobId: string;
  name: string;
  user: string;
  account: string;
  partition: string;
  state: JobState;
  /** The scheduler's word: PENDING, RUNNING, SUSPENDED, COMPLETING, ... */
  schedulerState: string;
  /** Why it waits (Resources, Priority, JobHeldUser, ...); empty when it does not. */
  reason: string;
  priority: number;
  submitTime: number | null;
  startTime: number | null;
  /** Expected start for pending jobs when the scheduler knows it. */
  expectedStartTime: number | null;
  /** Seconds; null = unlimited. */
  timeLimit: number | null;
  /** Seconds run so far (not counting suspended time). */
  runTime: number;
  nodes: number;
  cpus: number;
  gpus: number;
  memoryMB: number | null;
  nodeList: string;
  workDir: string;
  stdoutPath: string;
  stderrPath: string;
  command: string;
  restartCount: number;
  exclusive: boolean;
}

/** An active job with what only a detail query tells. */
export interface ActiveJobDetail extends ActiveJob {
  script: string | null;
  submitParams: string;
  exitCode: string | null;
  group: string;
}

/** A job that ended, from accounting. */
export interface FinishedJob {
  jobId: string;
  name: string;
  user: string;
  group: string;
  account: string;
  partition: string;
  /** The scheduler's final word: COMPLETED, FAILED, CANCELLED, TIMEOUT, NODE_FAIL, ... */
  schedulerState: string;
  exitStatus: ExitStatus;
  /** "code:signal" */
  exitCode: string;
  submitTime: number | null;
  /** When it became eligible to run (enqueue time). */
  eligibleTime: number | null;
  startTime: number | null;
  endTime: number;
  /** Seconds between start and end. */
  elapsed: number;
  timeLimit: number | null;
  nodes: number;
  cpus: number;
  gpus: number;
  nodeList: string;
  memoryMB: number | null;
  maxRssMB: number | null;
  /**
   * GPU utilisation summed over the job's cards, percent (200: two cards fully busy), the largest
   * over its steps; null when accounting has none (Slurm writes it only with a GPU accounting plugin).
   */
  gpuUtil: number | null;
  /** Total CPU seconds used (user + system). */
  cpuTime: number | null;
  workDir: string;
  restartCount: number;
  exclusive: boolean;
}

/**
 * A submitted job writes its standard output to `<workDir>/<name>-<jobId>.out` and its error
 * output to `<workDir>/<name>-<jobId>.err` on every adapter.
 */
export interface SubmitSpec {
  name: string;
  partition: string;
  nodes: number;
  /** Tasks (cores) in total. */
  cores: number;
  gpus: number;
  /** Per node; 0 = the partition's default. */
  memoryMB: number;
  timeLimit: number;
  /** Absolute path on the cluster. */
  workDir: string;
  script: string;
  account?: string | undefined;
}

/** When a job would start (epoch ms) and on which nodes, as the scheduler expects it. */
export interface StartEstimate {
  startAt: number | null;
  nodes?: string[] | undefined;
}

/** Who asks for an action: the job's owner, or the portal's service identity acting for a job admin. */
export interface Actor {
  user: string;
  /** Run as the service identity (operators' commands, and what Slurm lets only operators do). */
  privileged: boolean;
}

export interface OutputRead {
  size: number;
  content: string;
  truncated: boolean;
}

export type { ServiceProbe };

export interface SchedulerAdapter {
  readonly kind: 'local' | 'slurm';
  clusterInfo(): Promise<ClusterInfo>;
  activeJobs(): Promise<ActiveJob[]>;
  /** An active job in full, or null when the scheduler no longer knows it. */
  jobDetail(jobId: string): Promise<ActiveJobDetail | null>;
  /** Submits as `user`; answers the job id. */
  submit(user: string, spec: SubmitSpec): Promise<string>;
  /**
   * When the job would start if `user` submitted it now, without submitting it (Slurm: sbatch
   * --test-only; the built-in scheduler: its own estimate). startAt null: the scheduler cannot say.
   * A refusal is SchedulerRejectedError with the scheduler's words, as submit would give.
   */
  estimateStart(user: string, spec: SubmitSpec): Promise<StartEstimate>;
  cancel(actor: Actor, jobId: string): Promise<void>;
  hold(actor: Actor, jobId: string): Promise<void>;
  release(actor: Actor, jobId: string): Promise<void>;
  suspend(actor: Actor, jobId: string): Promise<void>;
  resume(actor: Actor, jobId: string): Promise<void>;
  requeue(actor: Actor, jobId: string): Promise<void>;
  setPriority(actor: Actor, jobId: string, priority: number): Promise<void>;
  /** Sets the time limit to `seconds` (both longer and shorter). */
  setTimeLimit(actor: Actor, jobId: string, seconds: number): Promise<void>;
  /**
   * Reads a job's output file as `user`: the last `tailBytes`, or the whole file when it is
   * at most `maxBytes` (else OutputTooLargeError).
   */
  readOutput(user: string, path: string, opts: { tailBytes?: number | undefined; maxBytes: number }): Promise<OutputRead>;
  /** Jobs that ended at or after `since` (epoch ms), oldest first. */
  finishedSince(since: number): Promise<FinishedJob[]>;
  /**
   * Only on schedulers that know when their jobs change (the built-in one): calls `listener` after
   * a job is submitted, starts, changes state or ends, so the snapshot need not wait for its next
   * poll. Answers a function that stops the calls. Schedulers without it are polled.
   */
  onJobsChanged?(listener: () => void): () => void;
  /**
   * Queue management, as the service identity. A created partition is `managed` and survives a
   * restart of the scheduler; only managed partitions may be updated or deleted. Refusals are
   * SchedulerRejectedError (an existing name, an unknown node, jobs still in it).
   */
  createPartition(settings: PartitionSettings): Promise<void>;
  updatePartition(settings: PartitionSettings): Promise<void>;
  deletePartition(name: string): Promise<void>;
  /**
   * Only on schedulers with real nodes (Slurm), as the service identity: drain a node (no new
   * jobs; running ones finish), mark it down (powered off), or resume it. `reason` is recorded.
   */
  setNodeState?(node: string, state: NodeStateChange, reason: string): Promise<void>;
  /**
   * Asks the scheduler's daemons whether they answer (Slurm: slurmctld by `scontrol ping`,
   * slurmdbd through sacctmgr; the built-in scheduler: its own loop), for the service status
   * groups. Never throws: a daemon that does not answer is a probe that is not ok.
   */
  services(): Promise<ServiceProbe[]>;
  close(): Promise<void>;
}

/** The scheduler did not answer (down, unreachable, timed out): its jobs are undetermined. */
export class SchedulerUnavailableError extends Error {
  override readonly name = 'SchedulerUnavailableError';
}

/** The scheduler answered and refused (unknown job, wrong state, not allowed): say why. */
export class SchedulerRejectedError extends Error {
  override readonly name = 'SchedulerRejectedError';
  /** The part of the request at fault when known ('workDir'), so a form can show it there. */
  constructor(
    message: string,
    readonly field?: 'workDir',
  ) {
    super(message);
  }
}

export class OutputTooLargeError extends Error {
  override readonly name = 'OutputTooLargeError';
  constructor(readonly size: number) {
    super('The file content is too large, it is recommended to download the file...');
  }
}

export class OutputMissingError extends Error {
  override readonly name = 'OutputMissingError';
}
