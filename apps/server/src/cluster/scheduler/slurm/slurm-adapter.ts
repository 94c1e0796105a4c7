import type { Config } from '../../../config/schema.js';
import type { Clock } from '../../../lib/time.js';
import { CommandFailedError, type CommandResult, type CommandRunner, type RunOptions } from '../../access/command-runner.js';
import {
  type ActiveJob,
  type ActiveJobDetail,
  type Actor,
  type ClusterInfo,
  type FinishedJob,
  type NodeStateChange,
  OutputMissingError,
  type OutputRead,
  OutputTooLargeError,
  type PartitionSettings,
  SchedulerRejectedError,
  type SchedulerAdapter,
  SchedulerUnavailableError,
  type ServiceProbe,
  type StartEstimate,
  type SubmitSpec,
} from '../types.js';
import { probeError } from '../../services/probe.js';
import { parseControllerPing, parseDbdAnswer } from './service-probes.js';
import { parseJobDetail, parseSqueue } from './active-jobs.js';
import { parsePartitions, parseSinfoNodes } from './cluster-info.js';
import {
  SLURM_ENV,
  actionArgs,
  batchScriptArgs,
  jobDetailArgs,
  nodeStateArgs,
  partitionArgs,
  sacctArgs,
  sbatchArgs,
  sinfoNodeArgs,
  squeueArgs,
} from './commands.js';
import { checkResult, slurmMessage } from './errors.js';
import { parseSacct } from './finished-jobs.js';
import { SlurmPartitionAdmin } from './partition-admin.js';
import { parseTestOnly, sbatchTestOnlyArgs } from './test-only.js';
import { baseState } from './states.js';

type SlurmConfig = Config['clusters'][number]['slurm'];
/** The cluster's slurm settings; the include file defaults to the configuration's default. */
export type SlurmSettings = Omit<SlurmConfig, 'partitionsFile'> & Partial<Pick<SlurmConfig, 'partitionsFile'>>;
export const DEFAULT_PARTITIONS_FILE = '/etc/slurm/portal-partitions.conf';

export interface SlurmAdapterOptions {
  runner: CommandRunner;
  config: SlurmSettings;
  /** Accepted like every adapter's; Slurm keeps its own time, so it is not read. */
  clock?: Clock;
  /** How long requeue waits for the old run to end (default 20 s). */
  requeueSettleMs?: number;
}

/** A job id as Slurm prints it (123, 123_4 for an array element, 123_[5-9%2] for its waiting ones): never an option. */
const JOB_ID = /^\d+(_\d+|_\[[\d,%-]+\])?$/;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The Slurm scheduler through its commands (squeue, sinfo, sacct, sbatch, scontrol, scancel),
 * run as the job's owner for ordinary actions and as the service identity for reads and what
 * Slurm lets only operators do (suspend, resume, priority, time limit).
 */
export class SlurmAdapter implements SchedulerAdapter {
  readonly kind = 'slurm';
  private readonly runner: CommandRunner;
  private readonly bin: string;
  private readonly timeoutMs: number;
  private readonly requeueSettleMs: number;
  private readonly partitions: SlurmPartitionAdmin;

  constructor(opts: SlurmAdapterOptions) {
    this.runner = opts.runner;
    this.bin = opts.config.binDir.replace(/\/+$/, '');
    this.timeoutMs = opts.config.commandTimeoutSeconds * 1000;
    this.requeueSettleMs = opts.requeueSettleMs ?? 20_000;
    this.partitions = new SlurmPartitionAdmin({
      bin: this.bin,
      file: opts.config.partitionsFile ?? DEFAULT_PARTITIONS_FILE,
      exec: (user, argv, o) => this.exec(user, argv, o),
      clusterInfo: async (extras) => {
        const [nodesOut, partitionsOut] = await Promise.all([
          this.read(sinfoNodeArgs(this.bin)),
          this.read(partitionArgs(this.bin)),
        ]);
        const nodes = parseSinfoNodes(nodesOut);
        return { partitions: parsePartitions(partitionsOut, nodes, extras), nodes };
      },
      jobsIn: async (partition) =>
        (await this.read([`${this.bin}/squeue`, '-h', '-p', partition, '-o', '%i'])).split('\n').filter((l) => l.trim() !== ''),
    });
  }

  /** Runs a command; a command that cannot run or times out means the scheduler did not answer. */
  private async exec(user: string | null, argv: string[], opts: RunOptions = {}): Promise<CommandResult> {
    try {
      return await this.runner.run(user, argv, { timeoutMs: this.timeoutMs, ...opts, env: { ...SLURM_ENV, ...opts.env } });
    } catch (e) {
      if (e instanceof CommandFailedError) throw new SchedulerUnavailableError(`${argv[0]}: ${e.message}`);
      throw e;
    }
  }

  /** A read as the service identity; its standard output. */
  private async read(argv: string[]): Promise<string> {
    const r = await this.exec(null, argv);
    checkResult(r, argv[0] as string);
    return r.stdout;
  }

  private jobId(jobId: string): string {
    if (!JOB_ID.test(jobId)) throw new SchedulerRejectedError(`Invalid job id specified: ${jobId}`);
    return jobId;
  }

  private identity(actor: Actor): string | null {
    return actor.privileged ? null : actor.user;
  }

  private async act(user: string | null, argv: string[], errorsInStderr = false): Promise<void> {
    checkResult(await this.exec(user, argv), argv[0] as string, errorsInStderr);
  }

  async clusterInfo(): Promise<ClusterInfo> {
    const [nodesOut, partitionsOut, extras] = await Promise.all([
      this.read(sinfoNodeArgs(this.bin)),
      this.read(partitionArgs(this.bin)),
      this.partitions.extras(),
    ]);
    const nodes = parseSinfoNodes(nodesOut);
    return { partitions: parsePartitions(partitionsOut, nodes, extras), nodes };
  }

  /* Queue management (partition-admin.ts), as the service identity. */

  async createPartition(settings: PartitionSettings): Promise<void> {
    await this.partitions.create(settings);
  }

  async updatePartition(settings: PartitionSettings): Promise<void> {
    await this.partitions.update(settings);
  }

  async deletePartition(name: string): Promise<void> {
    await this.partitions.delete(name);
  }

  /** scontrol update nodename=... state=... as the service identity (docs/resources.md). */
  async setNodeState(node: string, state: NodeStateChange, reason: string): Promise<void> {
    await this.act(null, nodeStateArgs(this.bin, node, state, reason));
  }

  /** slurmctld by `scontrol ping` (each controller, primary and backups), slurmdbd by listing its clusters. */
  async services(): Promise<ServiceProbe[]> {
    const run = async (argv: string[]): Promise<CommandResult | Error> => {
      try {
        return await this.exec(null, argv);
      } catch (e) {
        return e instanceof Error ? e : new Error(String(e));
      }
    };
    const [ping, dbd] = await Promise.all([
      run([`${this.bin}/scontrol`, 'ping']),
      run([`${this.bin}/sacctmgr`, '-n', '-P', 'show', 'cluster', 'format=cluster']),
    ]);
    const controllers: ServiceProbe[] =
      ping instanceof Error ? [{ name: 'slurmctld', ok: false, detail: probeError(ping) }] : parseControllerPing(ping);
    const database: ServiceProbe =
      dbd instanceof Error ? { name: 'slurmdbd', ok: false, detail: probeError(dbd) } : parseDbdAnswer(dbd);
    return [...controllers, database];
  }

  async activeJobs(): Promise<ActiveJob[]> {
    return parseSqueue(await this.read(squeueArgs(this.bin)));
  }

  async jobDetail(jobId: string): Promise<ActiveJobDetail | null> {
    if (!JOB_ID.test(jobId)) return null;
    const show = await this.exec(null, jobDetailArgs(this.bin, jobId));
    if (show.code !== 0) {
      if (/invalid job id/i.test(slurmMessage(show))) return null;
      checkResult(show, 'scontrol show job');
    }
    const detail = parseJobDetail(show.stdout, null);
    if (!detail) return null;
    const script = await this.exec(null, batchScriptArgs(this.bin, jobId));
    // write batch_script answers 0 and says on stderr when there is no script (not a batch job).
    const hasScript = script.code === 0 && !/error|failed/i.test(script.stderr);
    return { ...detail, script: hasScript ? script.stdout : null };
  }

  async submit(user: string, spec: SubmitSpec): Promise<string> {
    await this.partitions.checkSubmission(spec.partition, spec.cores);
    const r = await this.exec(user, sbatchArgs(this.bin, spec), { input: spec.script });
    checkResult(r, 'sbatch');
    const id = r.stdout.trim().split(';')[0] ?? '';
    if (!JOB_ID.test(id)) throw new SchedulerRejectedError(slurmMessage({ ...r, code: 1 }));
    return id;
  }

  /** sbatch --test-only as the user (test-only.ts): Slurm's expected start, nothing submitted. */
  async estimateStart(user: string, spec: SubmitSpec): Promise<StartEstimate> {
    await this.partitions.checkSubmission(spec.partition, spec.cores);
    const r = await this.exec(user, sbatchTestOnlyArgs(this.bin, spec), { input: spec.script });
    checkResult(r, 'sbatch --test-only');
    const answer = parseTestOnly(`${r.stderr}\n${r.stdout}`);
    if (!answer) return { startAt: null };
    return { startAt: answer.startAt, nodes: answer.nodes };
  }

  async cancel(actor: Actor, jobId: string): Promise<void> {
    // scancel is silent about unknown or ended jobs unless verbose, and even then answers 0.
    await this.act(this.identity(actor), actionArgs.cancel(this.bin, this.jobId(jobId)), true);
  }

  async hold(actor: Actor, jobId: string): Promise<void> {
    await this.act(this.identity(actor), actionArgs.hold(this.bin, this.jobId(jobId)));
  }

  async release(actor: Actor, jobId: string): Promise<void> {
    await this.act(this.identity(actor), actionArgs.release(this.bin, this.jobId(jobId)));
  }

  async suspend(_actor: Actor, jobId: string): Promise<void> {
    await this.act(null, actionArgs.suspend(this.bin, this.jobId(jobId)));
  }

  async resume(_actor: Actor, jobId: string): Promise<void> {
    await this.act(null, actionArgs.resume(this.bin, this.jobId(jobId)));
  }

  /**
   * Requeues, then waits (briefly) until Slurm has ended the old run: until then the job shows as
   * COMPLETING with its restart count already raised, and the caller refreshes its view next.
   */
  async requeue(actor: Actor, jobId: string): Promise<void> {
    const id = this.jobId(jobId);
    await this.act(this.identity(actor), actionArgs.requeue(this.bin, id));
    for (let waited = 0; waited < this.requeueSettleMs; waited += 200) {
      const job = parseSqueue(await this.read(squeueArgs(this.bin, id))).find((j) => j.jobId === id);
      if (!job || baseState(job.schedulerState) !== 'COMPLETING') return;
      await sleep(200);
    }
  }

  async setPriority(_actor: Actor, jobId: string, priority: number): Promise<void> {
    if (!Number.isInteger(priority) || priority < 0) throw new SchedulerRejectedError(`Invalid priority: ${priority}`);
    await this.act(null, actionArgs.priority(this.bin, this.jobId(jobId), priority));
  }

  async setTimeLimit(_actor: Actor, jobId: string, seconds: number): Promise<void> {
    if (!Number.isFinite(seconds) || seconds <= 0) throw new SchedulerRejectedError(`Invalid time limit: ${seconds}`);
    await this.act(null, actionArgs.timeLimit(this.bin, this.jobId(jobId), seconds));
  }

  async readOutput(user: string, path: string, opts: { tailBytes?: number | undefined; maxBytes: number }): Promise<OutputRead> {
    if (!path.startsWith('/') || path.includes('\0')) throw new OutputMissingError(`not an absolute path: ${path}`);
    const stat = await this.exec(user, ['stat', '-L', '-c', '%F|%s', '--', path]);
    const [kind, sizeText] = stat.stdout.trim().split('|');
    if (stat.code !== 0 || !kind?.startsWith('regular')) {
      throw new OutputMissingError(stat.code !== 0 ? slurmMessage(stat) : `${path} is not a file`);
    }
    const size = Number(sizeText);
    let argv: string[];
    let truncated = false;
    if (opts.tailBytes !== undefined) {
      const n = Math.max(0, Math.min(opts.tailBytes, opts.maxBytes));
      argv = ['tail', '-c', String(n), '--', path];
      truncated = size > n;
    } else {
      if (size > opts.maxBytes) throw new OutputTooLargeError(size);
      argv = ['head', '-c', String(opts.maxBytes), '--', path];
    }
    const r = await this.exec(user, argv, { maxOutputBytes: opts.maxBytes });
    if (r.code !== 0) throw new OutputMissingError(slurmMessage(r));
    return { size, content: r.stdout, truncated };
  }

  async finishedSince(since: number): Promise<FinishedJob[]> {
    return parseSacct(await this.read(sacctArgs(this.bin, since)));
  }

  async close(): Promise<void> {}
}
