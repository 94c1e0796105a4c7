import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { LocalJobRow } from '../../../db/types.js';
import type { Clock } from '../../../lib/time.js';
import type { RunLimits } from '../run-limits.js';
import { jobEnvironment } from './job-env.js';
import { containedPath, homePath } from './paths.js';
import { PeakMemory } from './peak-memory.js';
import type { JobAccount, JobProcesses } from './process.js';
import { outcomeOf, pastLimit, planSchedule, Reason, type EndIntent, type WaitingJob } from './queue.js';
import type { Allocation } from './resources.js';
import { RunningCounts } from './running-counts.js';
import type { LocalJobPatch, LocalJobStore } from './store.js';
import type { Topology } from './topology.js';
import { nodeListOf } from './views.js';

export const allocationOf = (row: LocalJobRow): Allocation => ({
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
  account: row.account,
  user: row.user_name,
});

export interface JobRunnerDeps {
  store: LocalJobStore;
  procs: JobProcesses;
  topology: Topology;
  clusterId: string;
  homeRoot: string;
  /** Private folder: job scripts, pid and exit files. */
  stateDir: string;
  /** The account jobs run as: the server's own, or null when each runs as its user's account. */
  osUser: string | null;
  /** The account a user's jobs run as (the server runs as root), or undefined: the server's own. */
  accountOf: (user: string) => Promise<JobAccount | undefined>;
  clock: Clock;
  /** The quotas' running-job limits (a job over them waits for AssocMaxJobsLimit). */
  runLimits: RunLimits;
  /** Time between SIGTERM and SIGKILL when a job is ended. */
  killGraceMs: number;
  /** Least time between two samples of a running job's memory. */
  memorySampleMs: number;
  onError: (err: unknown) => void;
  /** Asks the scheduler for another pass (a job ended, a SIGKILL went out). */
  kick: () => void;
}

/**
 * Runs the queue's jobs: starts the waiting jobs that fit, watches the processes and time limits
 * of the running ones, and ends them (SIGTERM, then SIGKILL after the grace time). The scheduler
 * calls it one change at a time, so nothing here races with an action.
 */
export class JobRunner {
  private stateDirMade = false;
  /** SIGKILL timers of jobs being ended. */
  private readonly killTimers = new Map<number, NodeJS.Timeout>();
  /** Jobs that needed SIGKILL. */
  private readonly killedHard = new Set<number>();
  /** Peak memory of the running jobs, sampled while they run. */
  private readonly memory: PeakMemory;

  constructor(private readonly d: JobRunnerDeps) {
    this.memory = new PeakMemory(d.memorySampleMs);
  }

  /** One scheduling pass: looks after the jobs holding resources, then starts what fits. */
  async pass(): Promise<void> {
    if (!this.stateDirMade) {
      await mkdir(this.d.stateDir, { recursive: true, mode: 0o700 });
      this.stateDirMade = true;
    }
    const now = this.d.clock.now();
    const rows = await this.d.store.open();
    const holding: LocalJobRow[] = [];
    for (const row of rows) {
      if (row.state !== 'R' && row.state !== 'S' && row.state !== 'E') continue;
      if (await this.supervise(row, now)) holding.push(row);
    }
    // Jobs put back in the queue by supervise() wait for the next pass.
    const waiting = rows.filter((r) => r.state === 'Q');
    // Suspended and exiting jobs count as running, as they hold their nodes.
    const counts = new RunningCounts(
      this.d.runLimits,
      holding.map((r) => ({ account: r.account, user: r.user_name })),
    );
    const plan = planSchedule(this.d.topology, holding.map(allocationOf), waiting.map(waitingOf), counts);
    const byId = new Map(waiting.map((r) => [r.id, r]));
    for (const { id, nodeList } of plan.start) await this.start(byId.get(id) as LocalJobRow, nodeList, now);
    for (const [id, reason] of plan.reasons) {
      if (byId.get(id)?.reason !== reason) await this.d.store.update(id, ['Q'], { reason }, now);
    }
  }

  /** Looks after a job holding resources; answers whether it still does. */
  private async supervise(row: LocalJobRow, now: number): Promise<boolean> {
    const run = row.restart_count;
    let pid = row.pid;
    if (pid === null) {
      // Started by an instance that stopped before recording the pid: the wrapper wrote it.
      pid = await this.d.procs.readPid(row.id, run);
      if (pid !== null) await this.d.store.update(row.id, [row.state], { pid }, now);
    }
    if (pid === null || !this.d.procs.isAlive(pid, row.id, run)) {
      await this.ended(row, pid, now);
      return false;
    }
    // A stopped (suspended) job's memory does not grow.
    if (row.state !== 'S') await this.memory.observe(row.id, pid, now);
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
    const started = await this.d.store.update(
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
      const where = await containedPath(homePath(this.d.homeRoot, row.user_name), row.work_dir);
      if (!where) throw new Error(`the work directory ${row.work_dir} is not inside the folder of ${row.user_name}`);
      launched = await this.d.procs.launch({
        jobId: row.id,
        run: row.restart_count,
        script: row.script || (await this.d.store.scriptOf(row.id)),
        workDir: where.real,
        stdoutPath: join(where.real, basename(row.stdout_path)),
        stderrPath: join(where.real, basename(row.stderr_path)),
        env: jobEnvironment(this.d, row, nodeList),
        append: row.restart_count > 0,
        account: await this.d.accountOf(row.user_name),
      });
    } catch (err) {
      this.d.onError(new Error(`job ${row.id} could not start: ${(err as Error).message}`, { cause: err }));
      await this.d.store.update(
        row.id,
        ['R'],
        { state: 'C', scheduler_state: 'FAILED', exit_status: 'fail', exit_code: '1:0', reason: 'LaunchFailed', end_at: now },
        now,
      );
      await this.d.procs.forget(row.id);
      return;
    }
    await this.d.store.update(row.id, ['R'], { pid: launched.pid }, now);
    launched.child.once('exit', () => this.d.kick());
  }

  /** Records the end of a job whose process is gone. */
  private async ended(row: LocalJobRow, pid: number | null, now: number): Promise<void> {
    const run = row.restart_count;
    const exit = await this.d.procs.readExit(row.id, run);
    // Whatever the script left behind in its group ends with it.
    if (pid !== null) this.d.procs.signal(pid, 'SIGKILL');
    this.clearKill(row.id);
    const hard = this.killedHard.delete(row.id);
    const suspendedMs = row.suspended_ms + (row.suspended_at === null ? 0 : Math.max(0, now - row.suspended_at));
    const requeued = row.state === 'E' && row.exit_status === 'reenterQueue';
    // No pid and no result: the wrapper never started (the server stopped right then): it simply waits again.
    const neverStarted = pid === null && exit === null;
    const maxRssMB = this.memory.take(row.id);
    if (requeued || neverStarted) {
      await this.d.store.update(
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
      await this.d.procs.forget(row.id);
      this.d.kick();
      return;
    }
    const intent = row.state === 'E' && (row.exit_status === 'delete' || row.exit_status === 'timeout') ? row.exit_status : null;
    const out = outcomeOf(intent, exit, hard);
    await this.d.store.update(
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
        max_rss_mb: maxRssMB,
      },
      now,
    );
    await this.d.procs.forget(row.id);
  }

  /** Starts ending a running or suspended job: SIGTERM now, SIGKILL after the grace time. */
  async beginEnd(row: LocalJobRow, intent: EndIntent, now: number): Promise<void> {
    const patch: LocalJobPatch = { state: 'E', scheduler_state: 'COMPLETING', exit_status: intent, reason: '' };
    if (row.suspended_at !== null) {
      patch.suspended_ms = row.suspended_ms + Math.max(0, now - row.suspended_at);
      patch.suspended_at = null;
    }
    if (!(await this.d.store.update(row.id, [row.state], patch, now))) return;
    // Without a pid yet, the next pass finds it and sends the signals.
    if (row.pid !== null) this.terminate(row.id, row.pid);
  }

  private terminate(id: number, pid: number): void {
    this.d.procs.signal(pid, 'SIGTERM');
    // A stopped job must run to act on SIGTERM.
    this.d.procs.signal(pid, 'SIGCONT');
    this.clearKill(id);
    const t = setTimeout(() => {
      this.killTimers.delete(id);
      if (this.d.procs.signal(pid, 'SIGKILL')) this.killedHard.add(id);
      this.d.kick();
    }, this.d.killGraceMs);
    t.unref();
    this.killTimers.set(id, t);
  }

  private clearKill(id: number): void {
    const t = this.killTimers.get(id);
    if (t) clearTimeout(t);
    this.killTimers.delete(id);
  }

  /**
   * Kills every job holding a process and records it as cancelled, and cancels the jobs waiting in
   * the queue, which the next pass would otherwise start on the freed nodes (tests leave nothing
   * behind: no process, and no job folder made while the test's data folder is being removed).
   */
  async killAll(): Promise<void> {
    const rows = await this.d.store.holding();
    const pids = new Map<number, number>();
    for (const row of rows) {
      const pid = row.pid ?? (await this.d.procs.readPid(row.id, row.restart_count));
      if (pid === null) continue;
      pids.set(row.id, pid);
      this.d.procs.signal(pid, 'SIGKILL');
    }
    const end = Date.now() + 5000;
    while (
      Date.now() < end &&
      rows.some((r) => pids.has(r.id) && this.d.procs.isAlive(pids.get(r.id) as number, r.id, r.restart_count))
    )
      await new Promise((r) => setTimeout(r, 50));
    const now = this.d.clock.now();
    const waiting = (await this.d.store.open()).filter((r) => r.state === 'Q');
    for (const row of [...rows, ...waiting]) {
      await this.d.store.update(
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
      await this.d.procs.forget(row.id);
    }
  }

  /** Stops the SIGKILL countdowns; the processes carry on and a new instance takes them over. */
  close(): void {
    for (const t of this.killTimers.values()) clearTimeout(t);
    this.killTimers.clear();
  }
}
