import { SchedulerRejectedError, type NodeStateChange, type SubmitSpec } from '../types.js';
import { ENDED_STATE_CODES } from './states.js';

/*
 * The argv of every Slurm command the adapter runs. Listings use a 0x1F-delimited text format
 * (not --json: about 14× slower with many jobs, and stable across Slurm versions); times come as
 * epoch seconds (SLURM_TIME_FORMAT=%s, see SLURM_ENV).
 */

/** Field separator of the listings (ASCII unit separator: never part of a name or path). */
export const SEP = '\x1f';

/** Environment of every Slurm command: epoch seconds for times, UTC for sacct's -S/-E input. */
export const SLURM_ENV: Record<string, string> = { SLURM_TIME_FORMAT: '%s', TZ: 'UTC' };

/** squeue -O fields, in the order parseSqueue reads them. */
export const SQUEUE_FIELDS = [
  'JobArrayID',
  'JobID',
  'ArrayJobID',
  'ArrayTaskID',
  'Name',
  'UserName',
  'GroupName',
  'Account',
  'Partition',
  'State',
  'Reason',
  'PriorityLong',
  'SubmitTime',
  'StartTime',
  'TimeLimit',
  'TimeUsed',
  'NumNodes',
  'NumCPUs',
  'tres-alloc',
  'tres-per-job',
  'tres-per-node',
  'NodeList',
  'BatchHost',
  'WorkDir',
  'STDOUT',
  'STDERR',
  'Command',
  'RestartCnt',
  'OverSubscribe',
] as const;
export type SqueueField = (typeof SQUEUE_FIELDS)[number];

/** sinfo -O fields (one row per node and partition). */
export const SINFO_NODE_FIELDS = [
  'NodeList',
  'StateLong',
  'CPUsState',
  'Memory',
  'Partition',
  'Gres',
  'GresUsed',
  // Why a node is down or drained, and since when (epoch seconds with SLURM_TIME_FORMAT=%s).
  'Reason',
  'Timestamp',
] as const;
export type SinfoNodeField = (typeof SINFO_NODE_FIELDS)[number];

/** sacct -o fields, in the order parseSacct reads them. */
export const SACCT_FIELDS = [
  'JobID',
  'JobName',
  'User',
  'Group',
  'Account',
  'Partition',
  'State',
  'ExitCode',
  'Submit',
  'Eligible',
  'Start',
  'End',
  'ElapsedRaw',
  'TimelimitRaw',
  'NNodes',
  'AllocCPUS',
  'ReqCPUS',
  'AllocTRES',
  'ReqTRES',
  'NodeList',
  'ReqMem',
  'MaxRSS',
  'TotalCPU',
  'WorkDir',
  // Last: the recorded samples end before it (none: not measured).
  'TRESUsageInTot',
] as const;
export type SacctField = (typeof SACCT_FIELDS)[number];

/** `-O` with each field unpadded (size 0) and followed by the separator. */
const formatOf = (fields: readonly string[]) => fields.map((f) => `${f}:0${SEP}`).join(',');

export const squeueArgs = (bin: string, jobId?: string): string[] => [
  `${bin}/squeue`,
  '-h',
  '-a',
  '--states=all',
  ...(jobId ? ['-j', jobId] : []),
  '-O',
  formatOf(SQUEUE_FIELDS),
];

export const sinfoNodeArgs = (bin: string): string[] => [`${bin}/sinfo`, '-h', '-a', '-N', '-O', formatOf(SINFO_NODE_FIELDS)];

export const partitionArgs = (bin: string): string[] => [`${bin}/scontrol`, 'show', 'partition', '-o'];

export const jobDetailArgs = (bin: string, jobId: string): string[] => [`${bin}/scontrol`, 'show', 'job', '-o', jobId];

export const batchScriptArgs = (bin: string, jobId: string): string[] => [`${bin}/scontrol`, 'write', 'batch_script', jobId, '-'];

/** UTC "YYYY-MM-DDTHH:MM:SS" (sacct reads it in TZ=UTC, see SLURM_ENV). */
export const sacctTime = (epochMs: number): string => new Date(epochMs).toISOString().slice(0, 19);

/**
 * Records of runs that ended at or after `since`, with their steps (for MaxRSS and CPU time) and
 * earlier runs of requeued jobs (-D, to count restarts).
 */
export const sacctArgs = (bin: string, since: number): string[] => [
  `${bin}/sacct`,
  '-a',
  '-D',
  '-P',
  '-n',
  `--delimiter=${SEP}`,
  '-S',
  sacctTime(since),
  '-E',
  'now',
  `--state=${ENDED_STATE_CODES}`,
  '-o',
  SACCT_FIELDS.join(','),
];

/** A literal path inside an sbatch filename pattern: `%` must be doubled. */
const literal = (path: string) => path.replace(/%/g, '%%');

/** Slurm counts minutes: round up, at least one. */
export const toMinutes = (seconds: number): number => Math.max(1, Math.ceil(seconds / 60));

/** sbatch for a spec; the script comes on standard input. Output goes to <workDir>/<name>-<jobId>.out|.err. */
export const sbatchArgs = (bin: string, spec: SubmitSpec): string[] => {
  const dir = spec.workDir.replace(/\/+$/, '') || '/';
  const base = `${literal(dir === '/' ? '' : dir)}/%x-%j`;
  return [
    `${bin}/sbatch`,
    '--parsable',
    '-J',
    spec.name,
    '-p',
    spec.partition,
    '-N',
    String(spec.nodes),
    '-n',
    String(spec.cores),
    ...(spec.gpus > 0 ? [`--gpus=${spec.gpus}`] : []),
    ...(spec.memoryMB > 0 ? [`--mem=${spec.memoryMB}M`] : []),
    ...(spec.timeLimit > 0 ? ['-t', String(toMinutes(spec.timeLimit))] : []),
    '-D',
    spec.workDir,
    '-o',
    `${base}.out`,
    '-e',
    `${base}.err`,
    ...(spec.account ? ['-A', spec.account] : []),
  ];
};

/** The argv of the job actions. */
export const actionArgs = {
  cancel: (bin: string, jobId: string) => [`${bin}/scancel`, '-v', jobId],
  hold: (bin: string, jobId: string) => [`${bin}/scontrol`, 'hold', jobId],
  release: (bin: string, jobId: string) => [`${bin}/scontrol`, 'release', jobId],
  requeue: (bin: string, jobId: string) => [`${bin}/scontrol`, 'requeue', jobId],
  suspend: (bin: string, jobId: string) => [`${bin}/scontrol`, 'suspend', jobId],
  resume: (bin: string, jobId: string) => [`${bin}/scontrol`, 'resume', jobId],
  priority: (bin: string, jobId: string, priority: number) => [
    `${bin}/scontrol`,
    'update',
    `JobId=${jobId}`,
    `Priority=${priority}`,
  ],
  timeLimit: (bin: string, jobId: string, seconds: number) => [
    `${bin}/scontrol`,
    'update',
    `JobId=${jobId}`,
    `TimeLimit=${toMinutes(seconds)}`,
  ],
} satisfies Record<string, (bin: string, jobId: string, n: number) => string[]>;

const NODE_NAME = /^[A-Za-z0-9._-]{1,64}$/;

/** scontrol's node update; drain and down need a reason (one argv word, so it may hold spaces). */
export const nodeStateArgs = (bin: string, node: string, state: NodeStateChange, reason: string): string[] => {
  if (!NODE_NAME.test(node)) throw new SchedulerRejectedError(`Invalid node name specified: ${node}`);
  const args = [`${bin}/scontrol`, 'update', `nodename=${node}`, `state=${state.toUpperCase()}`];
  return state === 'resume' ? args : [...args, `reason=${reason.replace(/[\n\r]/g, ' ').slice(0, 200) || 'portal'}`];
};
