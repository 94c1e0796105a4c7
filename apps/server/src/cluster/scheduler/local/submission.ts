import { mkdir, stat } from 'node:fs/promises';
import { SchedulerRejectedError, type SubmitSpec } from '../types.js';
import type { Clock } from '../../../lib/time.js';
import { containedPath, isUserName } from './paths.js';
import { everFits, Reason, resolveTimeLimit } from './queue.js';
import { defaultMemoryPerNode, type Request } from './resources.js';
import type { NewLocalJob } from './store.js';
import type { PartitionSpec, Topology } from './topology.js';

/* What the built-in scheduler accepts, with Slurm's words for what it refuses. */

/** Priority of a new job. */
export const DEFAULT_PRIORITY = 1000;
/** Slurm's default max_script_size. */
const MAX_SCRIPT_BYTES = 4 * 1024 * 1024;

export function reject(message: string, field?: 'workDir'): never {
  throw new SchedulerRejectedError(message, field);
}

const hasControl = (text: string): boolean => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

export const isInt = (v: unknown, min: number, max = Number.MAX_SAFE_INTEGER): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

export interface SubmissionContext {
  topology: Topology;
  /** The user's folder, made when missing (and their account, when jobs run as it). */
  ensureHome: (user: string) => Promise<string>;
  /** Creates a folder as the user's account (jobs run as it), or null: as the server. */
  mkdirAs: ((user: string, path: string) => Promise<void>) | null;
  clock: Clock;
}

/** Checks that a work directory lies in the user's folder (links resolved) and creates it when missing. */
const workDirFor = async (ctx: SubmissionContext, user: string, workDir: string): Promise<string> => {
  const home = await ctx.ensureHome(user);
  const where = typeof workDir === 'string' ? await containedPath(home, workDir) : null;
  if (!where) return reject(`the work directory must be an absolute path inside ${home}: ${workDir}`, 'workDir');
  if (ctx.mkdirAs) await ctx.mkdirAs(user, where.real);
  else await mkdir(where.real, { recursive: true, mode: 0o700 });
  // Again, now that it exists: a link could have appeared on the way.
  const again = await containedPath(home, where.path);
  if (!again || !(await stat(again.real)).isDirectory())
    return reject(`the work directory is not a folder inside ${home}: ${workDir}`, 'workDir');
  return where.path;
};

/** What a checked submission asks for (its work directory aside). */
export interface CheckedSpec {
  name: string;
  account: string;
  partition: PartitionSpec;
  request: Request;
}

/**
 * Checks a submission's fields and limits against the partitions, with Slurm's words for what it
 * refuses; touches nothing (start estimates use it too).
 */
export const checkSpec = (topology: Topology, user: string, spec: SubmitSpec): CheckedSpec => {
  if (!isUserName(user)) reject(`not a valid user name: ${user}`);
  const name = typeof spec.name === 'string' ? spec.name : '';
  if (name.length < 1 || name.length > 256 || /[/\\]/.test(name) || hasControl(name) || name === '.' || name === '..')
    reject(`invalid job name ${JSON.stringify(name)}: 1 to 256 characters, no slashes or control characters`);
  const partition: PartitionSpec | undefined = spec.partition ? topology.partition(spec.partition) : topology.defaultPartition;
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

  // Slurm's words for a partition's limits (EnforcePartLimits=ALL: refused at submission).
  if (!(partition.allowAccounts === 'ALL' || (account !== '' && partition.allowAccounts.includes(account))))
    reject(
      `Invalid account or account/partition combination specified: ${account || '(none)'} may not use partition ${partition.name}`,
    );
  if (partition.maxNodes !== null && spec.nodes > partition.maxNodes)
    reject(`Node count specification invalid: partition ${partition.name} allows ${partition.maxNodes} node(s) per job`);
  if (partition.maxCores !== null && spec.cores > partition.maxCores)
    reject(`Job violates accounting/QOS policy (MaxTRESPerJob cpu=${partition.maxCores} of partition ${partition.name})`);

  const members = partition.nodes.map((n) => topology.node(n)).filter((n) => n !== undefined);
  const request = {
    nodes: spec.nodes,
    cpus: spec.cores,
    gpus: spec.gpus,
    memoryMB: spec.memoryMB > 0 ? spec.memoryMB : defaultMemoryPerNode(members, { nodes: spec.nodes, cpus: spec.cores }),
  };
  if (!everFits(topology, partition, request))
    reject(
      `Requested node configuration is not available: partition ${partition.name} cannot hold ${spec.nodes} node(s), ${spec.cores} cores, ${spec.gpus} GPUs, ${request.memoryMB} MiB per node`,
    );
  return { name, account, partition, request };
};

/** Checks a submission and answers the queued job's row (its output paths are set once it has an id). */
export const validateSubmission = async (ctx: SubmissionContext, user: string, spec: SubmitSpec): Promise<NewLocalJob> => {
  const { name, account, partition, request } = checkSpec(ctx.topology, user, spec);
  const workDir = await workDirFor(ctx, user, spec.workDir);
  const now = ctx.clock.now();
  return {
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
  };
};
