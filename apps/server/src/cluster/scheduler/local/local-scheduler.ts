import { mkdir, stat } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database, LocalJobRow } from '../../../db/types.js';
import { systemClock, type Clock } from '../../../lib/time.js';
import {
  OutputMissingError,
  OutputTooLargeError,
  SchedulerRejectedError,
  SchedulerUnavailableError,
  type ActiveJob,
  type ActiveJobDetail,
  type Actor,
  type ClusterInfo,
  type FinishedJob,
  type OutputRead,
  type SchedulerAdapter,
  type SubmitSpec,
} from '../types.js';
import { compressHostlist } from './hostlist.js';
import { readOutputFile } from './output.js';
import { containedPath, ensureHome, homePath, isUserName, isWithin } from './paths.js';
import { JobProcesses } from './process.js';
import {
  outcomeOf,
  pastLimit,
  planSchedule,
  Reason,
  resolveTimeLimit,
  everFits,
  type EndIntent,
  type WaitingJob,
} from './queue.js';
import { defaultMemoryPerNode, share, usageByNode, type Allocation } from './resources.js';
import { LocalJobStore, type LocalJobPatch } from './store.js';
import { buildTopology, type LocalSettings, type PartitionSpec, type Topology } from './topology.js';
import { nodeListOf, toActiveJob, toActiveJobDetail, toFinishedJob } from './views.js';

/*
 * The built-in scheduler: a real queue in the `local_jobs` table, run on virtual nodes by this
 * server. A loop (every `tickMs`, and at once after every submission or action) watches the
 * running jobs' processes and time limits and starts waiting jobs that fit. Everything that
 * changes the queue runs one at a time. Jobs run as the server's own account, each in its own
 * process group, and outlive the server: a new instance on the same database and data folder
 * takes them over.
 */

/** The shortest time between two scheduling passes. */
const MIN_PASS_GAP_MS = 200;

export interface LocalSchedulerOptions {
  db: Kysely<Database>;
  clusterId: string;
  /** The cluster's `local` settings (nodes, partitions, homeDir). */
  config: Pick<LocalSettings, 'nodes' | 'partitions'> & { homeDir?: string | undefined };
  /** The portal's data folder; the scheduler keeps its private files under `<dataDir>/local-scheduler/<clusterId>`. */
  dataDir: string;
  /** Where users' folders live; default `config.homeDir`, else `<dataDir>/home`. */
  homeRoot?: string | undefined;
  clock?: Clock | undefined;
  /** Scheduling loop period (default 500 ms). */
  tickMs?: number | undefined;
  /** Time between SIGTERM and SIGKILL when a job is ended (default 5 s). */
  killGraceMs?: number | undefined;
  /** Where errors of the background loop go (default console.error). */
  onError?: ((err: unknown) => void) | undefined;
}

/** Priority of a new job. */
export const DEFAULT_PRIORITY = 1000;
const MAX_PRIORITY = 4_294_967_294;
/** Slurm's default max_script_size. */
const MAX_SCRIPT_BYTES = 4 * 1024 * 1024;
const JOB_ID = /^\d{1,15}$/;

/** Environment variables passed on from the server's own environment. */
const INHERITED_ENV = /^(PATH|LANG|LANGUAGE|LC_[A-Z]+|TZ|TMPDIR)$/;

/** Slurm's compact per-node list: [8, 8, 4] -> "8(x2),4". */
const perNodeText = (values: number[]): string => {
  const parts: string[] = [];
  for (let i = 0; i < values.length;) {
    let j = i;
    while (j + 1 < values.length && values[j + 1] === values[i]) j++;
    parts.push(j > i ? `${values[i]}(x${j - i + 1})` : String(values[i]));
    i = j + 1;
  }
  return parts.join(',');
};

const allocationOf = (row: LocalJobRow): Allocation => ({
  nodes: row.nodes,
  cpus: row.cpus,
  gpus: row.gpus,
  memoryMB: row.memory_mb,
  nodeList: nodeListOf(row),
});

const waitingOf = (row: LocalJobRow): WaitingJob => ({
  id: row.id,
  partition: row.partition,
  priority: row.priority,
  submitAt: row.submit_at,
  request: { nodes: row.nodes, cpus: row.cpus, gpus: row.gpus, memoryMB: row.memory_mb },
});

function reject(message: string): never {
  throw new SchedulerRejectedError(message);
}

const hasControl = (text: string): boolean => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

const isInt = (v: unknown, min: number, max = Number.MAX_SAFE_INTEGER): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

export class LocalScheduler implements SchedulerAdapter {
  readonly kind = 'local' as const;
  readonly topology: Topology;
  readonly homeRoot: string;
  /** Private folder: job scripts, pid and exit files. */
  readonly stateDir: string;
  private readonly clusterId: string;
  private readonly store: LocalJobStore;
  private readonly procs: JobProcesses;
  private readonly clock: Clock;
  private readonly killGraceMs: number;
  private readonly onError: (err: unknown) => void;
  private readonly timer: NodeJS.Timeout;
  private readonly osUser = userInfo().username;
  /** Tail of the queue of changes: one at a time. */
  private chain: Promise<unknown> = Promise.resolve();
  private passQueued = false;
  /** When the last scheduling pass ended, and the timer of a deferred one. */
  private lastPassEnd = 0;
  private deferred: NodeJS.Timeout | null = null;
  private closed = false;
  private stateDirMade = false;
  /** SIGKILL timers of jobs being ended. */
  private readonly killTimers = new Map<number, NodeJS.Timeout>();
  /** Jobs that needed SIGKILL. */
  private readonly killedHard = new Set<number>();

  constructor(opts: LocalSchedulerOptions) {
    if (!/^[A-Za-z0-9_-]+$/.test(opts.clusterId)) throw new Error(`local scheduler: bad cluster id ${opts.clusterId}`);
    this.clusterId = opts.clusterId;
    this.topology = buildTopology(opts.config);
    const dataDir = resolve(opts.dataDir);
    this.stateDir = join(dataDir, 'local-scheduler', opts.clusterId);
    this.homeRoot = resolve(opts.homeRoot ?? opts.config.homeDir ?? join(dataDir, 'home'));
    // A user whose folder held the data folder could read the database, the keys and other users' scripts.
    if (isWithin(this.homeRoot, dataDir))
      throw new Error(`local scheduler: the data folder ${dataDir} must not lie inside the users' folders (${this.homeRoot})`);
    this.store = new LocalJobStore(opts.db, opts.clusterId);
    this.procs = new JobProcesses(this.stateDir, opts.clusterId);
    this.clock = opts.clock ?? systemClock;
    this.killGraceMs = opts.killGraceMs ?? 5000;
    this.onError = opts.onError ?? ((err) => console.error('local scheduler:', err));
    this.timer = setInterval(() => this.kick(), opts.tickMs ?? 500);
    this.timer.unref();
    // The first pass takes over the jobs a previous instance left running.
    this.kick();
  }

  /* ---------- reading ---------- */

  async clusterInfo(): Promise<ClusterInfo> {
    return this.guard(async () => {
      const used = usageByNode((await this.store.holding()).map(allocationOf));
      const nodes = this.topology.nodes.map((n) => {
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
          partitions: this.topology.partitionsOf(n.name),
        };
      });
      const partitions = this.topology.partitions.map((p) => {
        const members = p.nodes.map((name) => this.topology.node(name)).filter((n) => n !== undefined);
        return {
          name: p.name,
          isDefault: p.isDefault,
          state: 'up',
          maxTime: p.maxTime,
          defaultTime: p.defaultTime,
          maxNodes: null,
          nodes: [...p.nodes],
          totalCores: members.reduce((s, n) => s + n.cpus, 0),
          totalGpus: members.reduce((s, n) => s + n.gpus, 0),
        };
      });
      return { partitions, nodes };
    });
  }

  async activeJobs(): Promise<ActiveJob[]> {
    return this.guard(async () => {
      const now = this.clock.now();
      return (await this.store.open()).map((row) => toActiveJob(row, now, this.commandOf(row)));
    });
  }

  async jobDetail(jobId: string): Promise<ActiveJobDetail | null> {
    return this.guard(async () => {
      if (!JOB_ID.test(jobId)) return null;
      const row = await this.store.get(Number(jobId));
      if (!row || row.state === 'C') return null;
      return toActiveJobDetail(row, this.clock.now(), this.commandOf(row));
    });
  }

  async finishedSince(since: number): Promise<FinishedJob[]> {
    return this.guard(async () => (await this.store.endedSince(since)).map(toFinishedJob));
  }

  async readOutput(user: string, path: string, opts: { tailBytes?: number | undefined; maxBytes: number }): Promise<OutputRead> {
    return this.guard(async () => {
      if (!isUserName(user)) reject(`not a valid user name: ${user}`);
      const home = homePath(this.homeRoot, user);
      const inside = await containedPath(home, path);
      if (!inside) reject(`${path} is not in the folder of ${user}`);
      return readOutputFile(inside.real, opts);
    });
  }

  /** A user's folder, created (mode 700) when missing. */
  async homeOf(user: string): Promise<string> {
    if (!isUserName(user)) throw new SchedulerRejectedError(`not a valid user name: ${user}`);
    return ensureHome(this.homeRoot, user);
  }

  /* ---------- submitting ---------- */

  async submit(user: string, spec: SubmitSpec): Promise<string> {
    this.assertOpen();
    const id = await this.guard(async () => {
      const job = await this.validate(user, spec);
      // An insert is atomic on its own: a submission need not wait for a scheduling pass.
      return this.store.insert(job.row, (id) => ({
        stdout: join(job.row.work_dir, `${job.row.name}-${id}.out`),
        stderr: join(job.row.work_dir, `${job.row.name}-${id}.err`),
      }));
    });
    this.kick();
    return String(id);
  }

  private async validate(user: string, spec: SubmitSpec) {
    if (!isUserName(user)) reject(`not a valid user name: ${user}`);
    const name = typeof spec.name === 'string' ? spec.name : '';
    if (name.length < 1 || name.length > 256 || /[/\\]/.test(name) || hasControl(name) || name === '.' || name === '..')
      reject(`invalid job name ${JSON.stringify(name)}: 1 to 256 characters, no slashes or control characters`);
    const partition: PartitionSpec | undefined = spec.partition
      ? this.topology.partition(spec.partition)
      : this.topology.defaultPartition;
    if (!partition) return reject(`invalid partition name specified: ${spec.partition}`);
    if (!isInt(spec.nodes, 1)) reject(`invalid node count: ${spec.nodes}`);
    if (!isInt(spec.cores, 1)) reject(`invalid core count: ${spec.cores}`);
    if (spec.cores < spec.nodes) reject(`${spec.cores} cores cannot be spread over ${spec.nodes} nodes`);
    if (!isInt(spec.gpus, 0)) reject(`invalid GPU count: ${spec.gpus}`);
    if (!isInt(spec.memoryMB, 0)) reject(`invalid memory: ${spec.memoryMB}`);
    if (typeof spec.timeLimit !== 'number' || !Number.isFinite(spec.timeLimit) || spec.timeLimit < 0)
      reject(`invalid time limit: ${spec.timeLimit}`);
    if (typeof spec.script !== 'string' || spec.script.includes('\u0000')) reject('the script must be text');
    if (Buffer.byteLength(spec.script) > MAX_SCRIPT_BYTES) reject('the script is larger than 4 MiB');
    const account = spec.account ?? '';
    if (typeof account !== 'string' || account.length > 64 || hasControl(account)) reject(`invalid account: ${account}`);

    const members = partition.nodes.map((n) => this.topology.node(n)).filter((n) => n !== undefined);
    const request = {
      nodes: spec.nodes,
      cpus: spec.cores,
      gpus: spec.gpus,
      memoryMB: spec.memoryMB > 0 ? spec.memoryMB : defaultMemoryPerNode(members, { nodes: spec.nodes, cpus: spec.cores }),
    };
    if (!everFits(this.topology, partition, request))
      reject(
        `Requested node configuration is not available: partition ${partition.name} cannot hold ${spec.nodes} node(s), ${spec.cores} cores, ${spec.gpus} GPUs, ${request.memoryMB} MiB per node`,
      );

    const workDir = await this.workDirFor(user, spec.workDir);
    const now = this.clock.now();
    return {
      row: {
        name,
        user_name: user,
        account,
        partition: partition.name,
        state: 'Q',
        scheduler_state: 'PENDING',
        reason: Reason.none,
        priority: DEFAULT_PRIORITY,
        submit_at: now,
        start_at: null,
        end_at: null,
        time_limit_s: resolveTimeLimit(partition, spec.timeLimit),
        nodes: request.nodes,
        cpus: request.cpus,
        gpus: request.gpus,
        memory_mb: request.memoryMB,
        node_list: '',
        work_dir: workDir,
        script: spec.script,
        stdout_path: '',
        stderr_path: '',
        pid: null,
        exit_code: null,
        exit_status: null,
        held: 0,
        suspended_at: null,
        suspended_ms: 0,
        restart_count: 0,
        cpu_time_s: null,
        updated_at: now,
      },
    };
  }

  /** Checks that a work directory lies in the user's folder (links resolved) and creates it when missing. */
  private async workDirFor(user: string, workDir: string): Promise<string> {
    const home = await ensureHome(this.homeRoot, user);
    const where = typeof workDir === 'string' ? await containedPath(home, workDir) : null;
    if (!where) return reject(`the work directory must be an absolute path inside ${home}: ${workDir}`);
    await mkdir(where.real, { recursive: true, mode: 0o700 });
    // Again, now that it exists: a link could have appeared on the way.
    const again = await containedPath(home, where.path);
    if (!again || !(await stat(again.real)).isDirectory())
      return reject(`the work directory is not a folder inside ${home}: ${workDir}`);
    return where.path;
  }

  /* ---------- actions ---------- */

  async cancel(actor: Actor, jobId: string): Promise<void> {
    await this.act(actor, jobId, async (row, now) => {
      if (row.state === 'Q' || row.state === 'H') {
        await this.store.update(
          row.id,
          [row.state],
          { state: 'C', scheduler_state: 'CANCELLED', exit_status: 'delete', exit_code: '0:0', reason: '', held: 0, end_at: now },
          now,
        );
      } else if (row.state === 'R' || row.state === 'S') {
        await this.beginEnd(row, 'delete', now);
      } else if (row.state === 'E' && row.exit_status === 'reenterQueue') {
        // Cancelled while being requeued: it ends for good.
        await this.store.update(row.id, ['E'], { exit_status: 'delete' }, now);
      }
    });
  }

  async hold(actor: Actor, jobId: string): Promise<void> {
    await this.act(actor, jobId, async (row, now) => {
      if (row.state === 'H') return;
      if (row.state !== 'Q') reject(`job ${jobId} is not pending`);
      await this.store.update(
        row.id,
        ['Q'],
        {
          state: 'H',
          held: actor.privileged ? 2 : 1,
          reason: actor.privileged ? Reason.heldAdmin : Reason.heldUser,
          scheduler_state: 'PENDING',
        },
        now,
      );
    });
  }

  async release(actor: Actor, jobId: string): Promise<void> {
    await this.act(actor, jobId, async (row, now) => {
      if (row.state !== 'H') reject(`job ${jobId} is not held`);
      if (row.held === 2 && !actor.privileged) reject(`job ${jobId} was held by an administrator`);
      await this.store.update(row.id, ['H'], { state: 'Q', held: 0, reason: Reason.none }, now);
    });
  }

  async suspend(actor: Actor, jobId: string): Promise<void> {
    await this.act(actor, jobId, async (row, now) => {
      if (!actor.privileged) reject('only an operator can suspend a job');
      if (row.state !== 'R' || row.pid === null) reject(`job ${jobId} is not running`);
      if (!this.procs.signal(row.pid, 'SIGSTOP')) reject(`job ${jobId} is ending`);
      await this.store.update(row.id, ['R'], { state: 'S', scheduler_state: 'SUSPENDED', suspended_at: now }, now);
    });
  }

  async resume(actor: Actor, jobId: string): Promise<void> {
    await this.act(actor, jobId, async (row, now) => {
      if (!actor.privileged) reject('only an operator can resume a job');
      if (row.state !== 'S') reject(`job ${jobId} is not suspended`);
      if (row.pid !== null) this.procs.signal(row.pid, 'SIGCONT');
      await this.store.update(
        row.id,
        ['S'],
        {
          state: 'R',
          scheduler_state: 'RUNNING',
          suspended_at: null,
          suspended_ms: row.suspended_ms + (row.suspended_at === null ? 0 : Math.max(0, now - row.suspended_at)),
        },
        now,
      );
    });
  }

  async requeue(actor: Actor, jobId: string): Promise<void> {
    await this.act(actor, jobId, async (row, now) => {
      if (row.state !== 'R' && row.state !== 'S') reject(`job ${jobId} is not running`);
      await this.beginEnd(row, 'reenterQueue', now);
    });
  }

  async setPriority(actor: Actor, jobId: string, priority: number): Promise<void> {
    await this.act(actor, jobId, async (row, now) => {
      if (!isInt(priority, 0, MAX_PRIORITY)) reject(`invalid priority: ${priority}`);
      if (row.state === 'E') reject(`job ${jobId} is ending`);
      if (!actor.privileged && priority > row.priority) reject('only an operator can raise a priority');
      await this.store.update(row.id, [row.state], { priority }, now);
    });
  }

  async setTimeLimit(actor: Actor, jobId: string, seconds: number): Promise<void> {
    await this.act(actor, jobId, async (row, now) => {
      if (!isInt(seconds, 1)) reject(`invalid time limit: ${seconds}`);
      if (row.state === 'E') reject(`job ${jobId} is ending`);
      if (!actor.privileged && seconds > row.time_limit_s) reject('only an operator can extend a time limit');
      // A running job now past its new limit ends at the next pass.
      await this.store.update(row.id, [row.state], { time_limit_s: seconds }, now);
    });
  }

  /* ---------- life cycle ---------- */

  /** Stops the loop; running jobs keep running and a new instance takes them over. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    if (this.deferred) clearTimeout(this.deferred);
    for (const t of this.killTimers.values()) clearTimeout(t);
    this.killTimers.clear();
    await this.chain;
  }

  /**
   * Kills every job of this cluster that holds a process and records it as cancelled. For tests,
   * so that a run leaves no processes behind; works after close() too.
   */
  async shutdownJobs(): Promise<void> {
    await this.exclusive(async () => {
      const rows = await this.store.holding();
      const pids = new Map<number, number>();
      for (const row of rows) {
        const pid = row.pid ?? (await this.procs.readPid(row.id, row.restart_count));
        if (pid === null) continue;
        pids.set(row.id, pid);
        this.procs.signal(pid, 'SIGKILL');
      }
      const end = Date.now() + 5000;
      while (
        Date.now() < end &&
        rows.some((r) => pids.has(r.id) && this.procs.isAlive(pids.get(r.id) as number, r.id, r.restart_count))
      )
        await new Promise((r) => setTimeout(r, 50));
      const now = this.clock.now();
      for (const row of rows) {
        await this.store.update(
          row.id,
          [row.state],
          {
            state: 'C',
            scheduler_state: 'CANCELLED',
            exit_status: 'delete',
            exit_code: '0:9',
            reason: '',
            end_at: now,
            suspended_at: null,
          },
          now,
        );
        await this.procs.forget(row.id);
      }
    });
  }

  /* ---------- the loop ---------- */

  /**
   * Asks for a pass; one waiting pass is enough however many ask. Passes are at least
   * MIN_PASS_GAP_MS apart: a burst of submissions to a long queue must not turn into one full
   * pass per submission.
   */
  private kick(): void {
    if (this.closed || this.passQueued) return;
    this.passQueued = true;
    const run = () => {
      this.deferred = null;
      this.exclusive(async () => {
        this.passQueued = false;
        if (this.closed) return;
        await this.pass();
        this.lastPassEnd = Date.now();
      }).catch((err: unknown) => this.onError(err));
    };
    const wait = this.lastPassEnd + MIN_PASS_GAP_MS - Date.now();
    if (wait <= 0) return run();
    this.deferred = setTimeout(run, wait);
    this.deferred.unref();
  }

  private async pass(): Promise<void> {
    if (!this.stateDirMade) {
      await mkdir(this.stateDir, { recursive: true, mode: 0o700 });
      this.stateDirMade = true;
    }
    const now = this.clock.now();
    const rows = await this.store.open();
    const holding: LocalJobRow[] = [];
    for (const row of rows) {
      if (row.state !== 'R' && row.state !== 'S' && row.state !== 'E') continue;
      if (await this.supervise(row, now)) holding.push(row);
    }
    // Jobs put back in the queue by supervise() wait for the next pass.
    const waiting = rows.filter((r) => r.state === 'Q');
    const plan = planSchedule(this.topology, holding.map(allocationOf), waiting.map(waitingOf));
    const byId = new Map(waiting.map((r) => [r.id, r]));
    for (const { id, nodeList } of plan.start) await this.start(byId.get(id) as LocalJobRow, nodeList, now);
    for (const [id, reason] of plan.reasons) {
      if (byId.get(id)?.reason !== reason) await this.store.update(id, ['Q'], { reason }, now);
    }
  }

  /** Looks after a job holding resources; answers whether it still does. */
  private async supervise(row: LocalJobRow, now: number): Promise<boolean> {
    const run = row.restart_count;
    let pid = row.pid;
    if (pid === null) {
      // Started by an instance that stopped before recording the pid: the wrapper wrote it.
      pid = await this.procs.readPid(row.id, run);
      if (pid !== null) await this.store.update(row.id, [row.state], { pid }, now);
    }
    if (pid === null || !this.procs.isAlive(pid, row.id, run)) {
      await this.ended(row, pid, now);
      return false;
    }
    if (row.state === 'E') {
      // Being ended, maybe by an instance that stopped before SIGKILL: (re)start the countdown.
      if (!this.killTimers.has(row.id)) this.terminate(row.id, pid);
    } else if (
      pastLimit({ startAt: row.start_at, suspendedMs: row.suspended_ms, suspendedAt: row.suspended_at }, row.time_limit_s, now)
    ) {
      await this.beginEnd({ ...row, pid }, 'timeout', now);
    }
    return true;
  }

  /** Starts a waiting job on the nodes chosen for it. */
  private async start(row: LocalJobRow, nodeList: string[], now: number): Promise<void> {
    const started = await this.store.update(
      row.id,
      ['Q'],
      {
        state: 'R',
        scheduler_state: 'RUNNING',
        reason: '',
        start_at: now,
        node_list: nodeList.join(','),
        pid: null,
        suspended_at: null,
        suspended_ms: 0,
        exit_code: null,
        exit_status: null,
      },
      now,
    );
    if (!started) return;
    let launched;
    try {
      const where = await containedPath(homePath(this.homeRoot, row.user_name), row.work_dir);
      if (!where) throw new Error(`the work directory ${row.work_dir} is not inside the folder of ${row.user_name}`);
      launched = await this.procs.launch({
        jobId: row.id,
        run: row.restart_count,
        script: row.script || (await this.store.scriptOf(row.id)),
        workDir: where.real,
        stdoutPath: join(where.real, basename(row.stdout_path)),
        stderrPath: join(where.real, basename(row.stderr_path)),
        env: this.jobEnv(row, nodeList),
        append: row.restart_count > 0,
      });
    } catch (err) {
      this.onError(new Error(`job ${row.id} could not start: ${(err as Error).message}`, { cause: err }));
      await this.store.update(
        row.id,
        ['R'],
        { state: 'C', scheduler_state: 'FAILED', exit_status: 'fail', exit_code: '1:0', reason: 'LaunchFailed', end_at: now },
        now,
      );
      await this.procs.forget(row.id);
      return;
    }
    await this.store.update(row.id, ['R'], { pid: launched.pid }, now);
    launched.child.once('exit', () => this.kick());
  }

  /** Records the end of a job whose process is gone. */
  private async ended(row: LocalJobRow, pid: number | null, now: number): Promise<void> {
    const run = row.restart_count;
    const exit = await this.procs.readExit(row.id, run);
    // Whatever the script left behind in its group ends with it.
    if (pid !== null) this.procs.signal(pid, 'SIGKILL');
    this.clearKill(row.id);
    const hard = this.killedHard.delete(row.id);
    const suspendedMs = row.suspended_ms + (row.suspended_at === null ? 0 : Math.max(0, now - row.suspended_at));
    const requeued = row.state === 'E' && row.exit_status === 'reenterQueue';
    // No pid and no result: the wrapper never started (the server stopped right then): it simply waits again.
    const neverStarted = pid === null && exit === null;
    if (requeued || neverStarted) {
      await this.store.update(
        row.id,
        [row.state],
        {
          state: 'Q',
          scheduler_state: 'PENDING',
          reason: Reason.none,
          restart_count: requeued ? run + 1 : run,
          start_at: null,
          node_list: '',
          pid: null,
          exit_code: null,
          exit_status: null,
          suspended_at: null,
          suspended_ms: 0,
        },
        now,
      );
      await this.procs.forget(row.id);
      this.kick();
      return;
    }
    const intent = row.state === 'E' && (row.exit_status === 'delete' || row.exit_status === 'timeout') ? row.exit_status : null;
    const out = outcomeOf(intent, exit, hard);
    await this.store.update(
      row.id,
      [row.state],
      {
        state: 'C',
        scheduler_state: out.schedulerState,
        exit_status: out.exitStatus,
        exit_code: out.exitCode,
        reason: exit === null && intent === null ? 'ProcessLost' : '',
        end_at: now,
        suspended_at: null,
        suspended_ms: suspendedMs,
        cpu_time_s: exit?.cpuSeconds == null ? null : Math.round(exit.cpuSeconds),
      },
      now,
    );
    await this.procs.forget(row.id);
  }

  /** Starts ending a running or suspended job: SIGTERM now, SIGKILL after the grace time. */
  private async beginEnd(row: LocalJobRow, intent: EndIntent, now: number): Promise<void> {
    const patch: LocalJobPatch = { state: 'E', scheduler_state: 'COMPLETING', exit_status: intent, reason: '' };
    if (row.suspended_at !== null) {
      patch.suspended_ms = row.suspended_ms + Math.max(0, now - row.suspended_at);
      patch.suspended_at = null;
    }
    if (!(await this.store.update(row.id, [row.state], patch, now))) return;
    // Without a pid yet, the next pass finds it and sends the signals.
    if (row.pid !== null) this.terminate(row.id, row.pid);
  }

  private terminate(id: number, pid: number): void {
    this.procs.signal(pid, 'SIGTERM');
    // A stopped job must run to act on SIGTERM.
    this.procs.signal(pid, 'SIGCONT');
    this.clearKill(id);
    const t = setTimeout(() => {
      this.killTimers.delete(id);
      if (this.procs.signal(pid, 'SIGKILL')) this.killedHard.add(id);
      this.kick();
    }, this.killGraceMs);
    t.unref();
    this.killTimers.set(id, t);
  }

  private clearKill(id: number): void {
    const t = this.killTimers.get(id);
    if (t) clearTimeout(t);
    this.killTimers.delete(id);
  }

  /** The job's environment: a few of the server's variables, the user's folder as HOME, and Slurm's names. */
  private jobEnv(row: LocalJobRow, nodeList: string[]): Record<string, string> {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (INHERITED_ENV.test(k) && v !== undefined) env[k] = v;
    env.PATH ??= '/usr/local/bin:/usr/bin:/bin';
    const cpus = nodeList.map((_, i) => share(row.cpus, nodeList.length, i));
    const hosts = compressHostlist(nodeList);
    const id = String(row.id);
    Object.assign(env, {
      HOME: homePath(this.homeRoot, row.user_name),
      USER: this.osUser,
      LOGNAME: this.osUser,
      SHELL: '/bin/bash',
      PORTAL_JOB_ID: id,
      PORTAL_USER: row.user_name,
      PORTAL_CLUSTER: this.clusterId,
      SLURM_JOB_ID: id,
      SLURM_JOBID: id,
      SLURM_JOB_NAME: row.name,
      SLURM_JOB_USER: row.user_name,
      SLURM_JOB_ACCOUNT: row.account,
      SLURM_JOB_PARTITION: row.partition,
      SLURM_CLUSTER_NAME: this.clusterId,
      SLURM_SUBMIT_DIR: row.work_dir,
      SLURM_NTASKS: String(row.cpus),
      SLURM_NPROCS: String(row.cpus),
      SLURM_JOB_NUM_NODES: String(nodeList.length),
      SLURM_NNODES: String(nodeList.length),
      SLURM_JOB_NODELIST: hosts,
      SLURM_NODELIST: hosts,
      SLURMD_NODENAME: nodeList[0] ?? '',
      SLURM_CPUS_ON_NODE: String(cpus[0] ?? row.cpus),
      SLURM_JOB_CPUS_PER_NODE: perNodeText(cpus),
      SLURM_TASKS_PER_NODE: perNodeText(cpus),
      SLURM_MEM_PER_NODE: String(row.memory_mb),
      SLURM_RESTART_COUNT: String(row.restart_count),
    });
    if (row.gpus > 0) env.SLURM_GPUS = String(row.gpus);
    return env;
  }

  /* ---------- helpers ---------- */

  /** Runs an action on a job the actor may act on, then schedules at once. */
  private async act(actor: Actor, jobId: string, fn: (row: LocalJobRow, now: number) => Promise<void>): Promise<void> {
    this.assertOpen();
    await this.guard(() =>
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
    const p = this.chain.then(fn);
    this.chain = p.catch(() => undefined);
    return p;
  }

  /** A refusal stays a refusal; any other failure (the database, the file system) means the scheduler did not answer. */
  private async guard<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof SchedulerRejectedError || err instanceof OutputTooLargeError || err instanceof OutputMissingError)
        throw err;
      if (err instanceof SchedulerUnavailableError) throw err;
      throw new SchedulerUnavailableError(`local scheduler: ${(err as Error).message}`, { cause: err });
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new SchedulerUnavailableError('the local scheduler is stopped');
  }

  /** The job's command: its script's path (plain concatenation: this runs for every job on every poll). */
  private commandOf(row: LocalJobRow): string {
    return `${this.procs.jobDir(row.id)}/script.sh`;
  }
}
