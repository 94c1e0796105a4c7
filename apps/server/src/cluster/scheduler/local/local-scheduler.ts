import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { CLUSTER_ID_PATTERN } from '@portal/shared';
import type { Database, LocalJobRow } from '../../../db/types.js';
import { systemClock, type Clock } from '../../../lib/time.js';
import { NO_RUN_LIMITS, type RunLimits } from '../run-limits.js';
import {
  SchedulerRejectedError,
  SchedulerUnavailableError,
  type ActiveJob,
  type ActiveJobDetail,
  type Actor,
  type ClusterInfo,
  type FinishedJob,
  type OutputRead,
  type PartitionSettings,
  type SchedulerAdapter,
  type ServiceProbe,
  type StartEstimate,
  type SubmitSpec,
} from '../types.js';
import { probeError } from '../../services/probe.js';
import { answering } from './answering.js';
import { clusterStateOf } from './cluster-state.js';
import {
  cancelJob,
  holdJob,
  releaseJob,
  requeueJob,
  resumeJob,
  setPriorityJob,
  setTimeLimitJob,
  suspendJob,
  type JobControl,
} from './job-control.js';
import { JobRunner } from './job-runner.js';
import { readOutputFile } from './output.js';
import { JobAccounts } from './job-accounts.js';
import { containedPath, homePath, isUserName, isWithin } from './paths.js';
import { JobProcesses } from './process.js';
import { LocalJobStore } from './store.js';
import { checkSpec, DEFAULT_PRIORITY, reject, validateSubmission } from './submission.js';
import { estimateInputs, estimateStart } from './start-estimate.js';
import { resolveTimeLimit } from './queue.js';
import { LocalPartitionStore } from './partition-store.js';
import { PartitionAdmin } from './partition-admin.js';
import { SchedulingLoop } from './scheduling-loop.js';
import { buildTopology, LiveTopology, type LocalSettings } from './topology.js';
import { toActiveJob, toActiveJobDetail, toFinishedJob } from './views.js';

/*
 * The built-in scheduler: a real queue in the `local_jobs` table, run on virtual nodes by this
 * server. A loop (every `tickMs`, and at once after every submission or action) watches the
 * running jobs' processes and time limits and starts waiting jobs that fit. Everything that
 * changes the queue runs one at a time. Jobs run as their user's own POSIX account when the server
 * runs as root, else as the server's own account (job-accounts.ts), each in its own process group,
 * and outlive the server: a new instance on the same database and data folder
 * takes them over.
 */

export interface LocalSchedulerOptions {
  db: Kysely<Database>;
  clusterId: string;
  /** The cluster's `local` settings (nodes, partitions). */
  config: Pick<LocalSettings, 'nodes' | 'partitions'>;
  /** The portal's data folder; the scheduler keeps its private files under `<dataDir>/local-scheduler/<clusterId>`. */
  dataDir: string;
  /** Where users' folders live (config/cluster-schema.ts: localHomeRoot). */
  homeRoot: string;
  clock?: Clock | undefined;
  /** Scheduling loop period (default 500 ms). */
  tickMs?: number | undefined;
  /** Time between SIGTERM and SIGKILL when a job is ended (default 5 s). */
  killGraceMs?: number | undefined;
  /** Least time between two samples of a running job's memory (default 2 s). */
  memorySampleMs?: number | undefined;
  /** Where errors of the background loop go (default console.error). */
  onError?: ((err: unknown) => void) | undefined;
  /**
   * `perUser`: each job runs as its user's own POSIX account (the server runs as root);
   * `shared`: as the server's account. Default: as local access decides (user-accounts.ts).
   */
  separation?: 'perUser' | 'shared' | undefined;
  /** The quotas' running-job limits, asked in every pass (default: none). */
  runLimits?: RunLimits | undefined;
}

const JOB_ID = /^\d{1,15}$/;

export class LocalScheduler implements SchedulerAdapter {
  readonly kind = 'local' as const;
  readonly topology: LiveTopology;
  private readonly partitions: PartitionAdmin;
  /** The partitions made in the portal, read once at start (every read and change waits for it). */
  private readonly loaded: Promise<void>;
  readonly homeRoot: string;
  /** Whose account jobs run as. */
  private readonly accounts: JobAccounts;
  /** Private folder: job scripts, pid and exit files. */
  readonly stateDir: string;
  private readonly store: LocalJobStore;
  private readonly procs: JobProcesses;
  private readonly runner: JobRunner;
  private readonly control: JobControl;
  private readonly clock: Clock;
  private readonly onError: (err: unknown) => void;
  private readonly loop: SchedulingLoop;
  /** Who is told when jobs change (the job snapshot). */
  private readonly listeners = new Set<() => void>();

  constructor(opts: LocalSchedulerOptions) {
    if (!CLUSTER_ID_PATTERN.test(opts.clusterId)) throw new Error(`local scheduler: bad cluster id ${opts.clusterId}`);
    this.topology = new LiveTopology(buildTopology(opts.config));
    const dataDir = resolve(opts.dataDir);
    this.stateDir = join(dataDir, 'local-scheduler', opts.clusterId);
    this.homeRoot = resolve(opts.homeRoot);
    // A user whose folder held the data folder could read the database, the keys and other users' scripts.
    if (isWithin(this.homeRoot, dataDir))
      throw new Error(`local scheduler: the data folder ${dataDir} must not lie inside the users' folders (${this.homeRoot})`);
    this.store = new LocalJobStore(opts.db, opts.clusterId, () => this.tell());
    this.procs = new JobProcesses(this.stateDir, opts.clusterId);
    this.clock = opts.clock ?? systemClock;
    this.onError = opts.onError ?? ((err) => console.error('local scheduler:', err));
    this.accounts = new JobAccounts(this.homeRoot, dataDir, opts.separation);
    this.runner = new JobRunner({
      store: this.store,
      procs: this.procs,
      topology: this.topology,
      clusterId: opts.clusterId,
      homeRoot: this.homeRoot,
      stateDir: this.stateDir,
      osUser: this.accounts.sharedUser,
      accountOf: this.accounts.accountOf,
      clock: this.clock,
      runLimits: opts.runLimits ?? NO_RUN_LIMITS,
      killGraceMs: opts.killGraceMs ?? 5000,
      memorySampleMs: opts.memorySampleMs ?? 2000,
      onError: this.onError,
      kick: () => this.kick(),
    });
    this.control = { store: this.store, procs: this.procs, runner: this.runner };
    this.partitions = new PartitionAdmin(
      this.topology,
      opts.config,
      new LocalPartitionStore(opts.db, opts.clusterId),
      this.store,
      this.clock,
    );
    this.loaded = this.partitions.reload();
    // Nothing changes the queue before the stored partitions are known.
    this.loop = new SchedulingLoop(
      () => this.runner.pass(),
      this.loaded.catch((err: unknown) => this.onError(err)),
      opts.tickMs ?? 500,
      this.onError,
    );
    // The first pass takes over the jobs a previous instance left running.
    this.kick();
  }

  /* ---------- reading ---------- */

  async clusterInfo(): Promise<ClusterInfo> {
    return answering(async () => {
      await this.loaded;
      return clusterStateOf(this.topology, await this.store.holding());
    });
  }

  /** The built-in scheduler answers when its loop runs and its job store can be read. */
  async services(): Promise<ServiceProbe[]> {
    const name = 'built-in scheduler';
    if (this.loop.closed) return [{ name, ok: false, detail: 'stopped' }];
    try {
      const info = await this.clusterInfo();
      return [{ name, ok: true, detail: `${info.nodes.length} nodes, ${info.partitions.length} queues` }];
    } catch (e) {
      return [{ name, ok: false, detail: probeError(e) }];
    }
  }

  async activeJobs(): Promise<ActiveJob[]> {
    return answering(async () => {
      const now = this.clock.now();
      return (await this.store.open()).map((row) => toActiveJob(row, now, this.commandOf(row)));
    });
  }

  async jobDetail(jobId: string): Promise<ActiveJobDetail | null> {
    return answering(async () => {
      if (!JOB_ID.test(jobId)) return null;
      const row = await this.store.get(Number(jobId));
      if (!row || row.state === 'C') return null;
      return toActiveJobDetail(row, this.clock.now(), this.commandOf(row));
    });
  }

  async finishedSince(since: number): Promise<FinishedJob[]> {
    return answering(async () => (await this.store.endedSince(since)).map(toFinishedJob));
  }

  async readOutput(user: string, path: string, opts: { tailBytes?: number | undefined; maxBytes: number }): Promise<OutputRead> {
    return answering(async () => {
      if (!isUserName(user)) reject(`not a valid user name: ${user}`);
      const home = homePath(this.homeRoot, user);
      const inside = await containedPath(home, path);
      if (!inside) reject(`${path} is not in the folder of ${user}`);
      return readOutputFile(inside.real, { ...opts, ownerUid: await this.accounts.uidOf(user) });
    });
  }

  /** A user's folder, created (mode 700) when missing. */
  async homeOf(user: string): Promise<string> {
    if (!isUserName(user)) throw new SchedulerRejectedError(`not a valid user name: ${user}`);
    return this.accounts.ensureHome(user);
  }

  /* ---------- submitting ---------- */

  async submit(user: string, spec: SubmitSpec): Promise<string> {
    this.assertOpen();
    const id = await answering(async () => {
      await this.loaded;
      const row = await validateSubmission(
        {
          topology: this.topology,
          ensureHome: (u) => this.accounts.ensureHome(u),
          mkdirAs: this.accounts.mkdirAs,
          clock: this.clock,
        },
        user,
        spec,
      );
      // An insert is atomic on its own: a submission need not wait for a scheduling pass.
      return this.store.insert(row, (id) => ({
        stdout: join(row.work_dir, `${row.name}-${id}.out`),
        stderr: join(row.work_dir, `${row.name}-${id}.err`),
      }));
    });
    this.kick();
    return String(id);
  }

  /**
   * When the job would start if submitted now (start-estimate.ts), from the queue as stored: the
   * same checks as submit, nothing written, no folder made.
   */
  async estimateStart(user: string, spec: SubmitSpec): Promise<StartEstimate> {
    return answering(async () => {
      await this.loaded;
      const { partition, request } = checkSpec(this.topology, user, spec);
      const now = this.clock.now();
      const { holding, waiting } = estimateInputs(await this.store.open(), now);
      const guess = estimateStart(this.topology, now, holding, waiting, {
        partition: partition.name,
        request,
        priority: DEFAULT_PRIORITY,
        timeLimit: resolveTimeLimit(partition, spec.timeLimit),
      });
      return guess ? { startAt: guess.startAt, nodes: guess.nodes } : { startAt: null };
    });
  }

  /* ---------- actions (job-control.ts) ---------- */

  async cancel(actor: Actor, jobId: string): Promise<void> {
    await this.act(actor, jobId, (row, now) => cancelJob(this.control, actor, jobId, row, now));
  }

  async hold(actor: Actor, jobId: string): Promise<void> {
    await this.act(actor, jobId, (row, now) => holdJob(this.control, actor, jobId, row, now));
  }

  async release(actor: Actor, jobId: string): Promise<void> {
    await this.act(actor, jobId, (row, now) => releaseJob(this.control, actor, jobId, row, now));
  }

  async suspend(actor: Actor, jobId: string): Promise<void> {
    await this.act(actor, jobId, (row, now) => suspendJob(this.control, actor, jobId, row, now));
  }

  async resume(actor: Actor, jobId: string): Promise<void> {
    await this.act(actor, jobId, (row, now) => resumeJob(this.control, actor, jobId, row, now));
  }

  async requeue(actor: Actor, jobId: string): Promise<void> {
    await this.act(actor, jobId, (row, now) => requeueJob(this.control, actor, jobId, row, now));
  }

  async setPriority(actor: Actor, jobId: string, priority: number): Promise<void> {
    await this.act(actor, jobId, (row, now) => setPriorityJob(this.control, actor, jobId, row, now, priority));
  }

  async setTimeLimit(actor: Actor, jobId: string, seconds: number): Promise<void> {
    await this.act(actor, jobId, (row, now) => setTimeLimitJob(this.control, actor, jobId, row, now, seconds));
  }

  /* ---------- queue management (partitions.ts) ---------- */

  async createPartition(settings: PartitionSettings): Promise<void> {
    await this.changePartitions(() => this.partitions.create(settings));
  }

  async updatePartition(settings: PartitionSettings): Promise<void> {
    await this.changePartitions(() => this.partitions.update(settings));
  }

  async deletePartition(name: string): Promise<void> {
    await this.changePartitions(() => this.partitions.delete(name));
  }

  /** A change of the stored partitions, between scheduling passes; the next pass sees it. */
  private async changePartitions(fn: () => Promise<void>): Promise<void> {
    this.assertOpen();
    await answering(() => this.exclusive(fn));
    this.tell();
    this.kick();
  }

  /* ---------- telling ---------- */

  onJobsChanged(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells the listeners that a job changed; a listener's failure is the listener's business. */
  private tell(): void {
    for (const listener of this.listeners) {
      try {
        listener();
      } catch (err) {
        this.onError(err);
      }
    }
  }

  /* ---------- life cycle ---------- */

  /** Stops the loop; running jobs keep running and a new instance takes them over. */
  async close(): Promise<void> {
    if (!this.loop.stop()) return;
    this.runner.close();
    await this.loop.idle();
  }

  /**
   * Kills every job of this cluster that holds a process and records it as cancelled, and cancels
   * the waiting ones (a pass would start them). For tests, so that a run leaves no processes
   * behind; works after close() too.
   */
  async shutdownJobs(): Promise<void> {
    await this.exclusive(() => this.runner.killAll());
  }

  /* ---------- helpers ---------- */

  /** Asks for a scheduling pass (scheduling-loop.ts). */
  private kick(): void {
    this.loop.kick();
  }

  /** Runs an action on a job the actor may act on, then schedules at once. */
  private async act(actor: Actor, jobId: string, fn: (row: LocalJobRow, now: number) => Promise<void>): Promise<void> {
    this.assertOpen();
    await answering(() =>
      this.exclusive(async () => {
        const row = JOB_ID.test(jobId) ? await this.store.get(Number(jobId)) : undefined;
        if (!row) reject(`Invalid job id specified: ${jobId}`);
        if (!actor.privileged && actor.user !== row.user_name)
          reject(`Access/permission denied: job ${jobId} belongs to another user`);
        if (row.state === 'C') reject(`Job ${jobId} has already finished`);
        await fn(row, this.clock.now());
      }),
    );
    this.kick();
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    return this.loop.exclusive(fn);
  }

  private assertOpen(): void {
    if (this.loop.closed) throw new SchedulerUnavailableError('the local scheduler is stopped');
  }

  /** The job's command: its script's path (plain concatenation: this runs for every job on every poll). */
  private commandOf(row: LocalJobRow): string {
    return `${this.procs.jobDir(row.id)}/script.sh`;
  }
}
