import type { ActiveJob, ActiveJobDetail } from '../types.js';
import { SEP, SQUEUE_FIELDS, type SqueueField } from './commands.js';
import { expandOutputPath, type OutputNames } from './output-path.js';
import { baseState, isFinished, portalState } from './states.js';
import {
  gresGpus,
  int,
  parseDuration,
  parseKeyValues,
  parseMemory,
  parseTime,
  parseTres,
  records,
  text,
  tresGpus,
} from './values.js';

/* The jobs that have not ended: squeue's listing and scontrol's detail of one job. */

/** "alice(1001)" → "alice". */
const nameOf = (v: string | undefined): string => text(v).replace(/\(\d+\)$/, '');

/** The task id of an array element (ArrayTaskID is a number), else null. */
const arrayTask = (v: string | undefined): string | null => (/^\d+$/.test(text(v)) ? text(v) : null);

// ---------------------------------------------------------------------------------------------
// squeue

const activeFromSqueue = (r: Record<SqueueField, string>): ActiveJob => {
  // Array elements as Slurm's commands take them (24_1; the raw id 25 is refused by scancel).
  const jobId = text(r.JobArrayID) || text(r.JobID);
  const state = text(r.State);
  const pending = baseState(state) === 'PENDING';
  const restartCount = int(r.RestartCnt);
  const reason = text(r.Reason);
  const tres = parseTres(r['tres-alloc']);
  const nodes = int(r.NumNodes);
  let gpus = tresGpus(tres);
  if (gpus === 0) gpus = gresGpus(r['tres-per-job']) || gresGpus(r['tres-per-node']) * Math.max(1, nodes);
  const workDir = text(r.WorkDir);
  const names: OutputNames = {
    jobId: text(r.JobID),
    arrayJobId: text(r.ArrayJobID) || undefined,
    arrayTaskId: arrayTask(r.ArrayTaskID),
    name: text(r.Name),
    user: text(r.UserName),
    node: text(r.BatchHost) || undefined,
  };
  const stdoutPath = expandOutputPath(text(r.STDOUT), workDir, names);
  const stderrPath = expandOutputPath(text(r.STDERR), workDir, names) || stdoutPath;
  const start = parseTime(r.StartTime);
  return {
    jobId,
    name: names.name,
    user: names.user,
    account: text(r.Account),
    partition: text(r.Partition),
    state: portalState(state, reason, restartCount),
    schedulerState: state,
    reason: pending ? reason : '',
    priority: int(r.PriorityLong),
    submitTime: parseTime(r.SubmitTime),
    startTime: pending ? null : start,
    expectedStartTime: pending ? start : null,
    timeLimit: parseDuration(r.TimeLimit),
    runTime: parseDuration(r.TimeUsed) ?? 0,
    nodes,
    cpus: int(r.NumCPUs),
    gpus,
    memoryMB: parseMemory(tres.get('mem')),
    nodeList: pending ? '' : text(r.NodeList),
    workDir,
    stdoutPath,
    stderrPath,
    command: text(r.Command),
    restartCount,
    exclusive: text(r.OverSubscribe) === 'NO',
  };
};

/** The jobs of `squeue -h -a --states=all -O <SQUEUE_FIELDS>` that have not ended. */
export const parseSqueue = (out: string): ActiveJob[] =>
  records(out, SQUEUE_FIELDS, SEP)
    .filter((r) => text(r.JobID) !== '' && !isFinished(r.State))
    .map(activeFromSqueue);

// ---------------------------------------------------------------------------------------------
// scontrol show job

/**
 * The first job of `scontrol show job -o <id>`, or null when it has ended. `script` comes from
 * `scontrol write batch_script`.
 */
export const parseJobDetail = (out: string, script: string | null): ActiveJobDetail | null => {
  const line = out.split('\n').find((l) => l.startsWith('JobId='));
  if (!line) return null;
  const kv = parseKeyValues(line);
  const state = text(kv.get('JobState'));
  if (isFinished(state)) return null;
  const pending = baseState(state) === 'PENDING';
  const restartCount = int(kv.get('Restarts'));
  const reason = text(kv.get('Reason'));
  const tres = parseTres(kv.get('TRES'));
  const nodes = int(kv.get('NumNodes'));
  let gpus = tresGpus(tres);
  if (gpus === 0) gpus = gresGpus(kv.get('TresPerJob')) || gresGpus(kv.get('TresPerNode')) * Math.max(1, nodes);
  const rawId = text(kv.get('JobId'));
  const arrayJobId = text(kv.get('ArrayJobId'));
  const arrayTaskId = text(kv.get('ArrayTaskId'));
  // Array elements as squeue names them: 24_1, or 24_[2-3] for the tasks not yet started.
  const jobId =
    !arrayJobId || !arrayTaskId
      ? rawId
      : /^\d+$/.test(arrayTaskId)
        ? `${arrayJobId}_${arrayTaskId}`
        : `${arrayJobId}_[${arrayTaskId}]`;
  const name = text(kv.get('JobName'));
  const user = nameOf(kv.get('UserId'));
  const workDir = text(kv.get('WorkDir'));
  const names: OutputNames = {
    jobId: rawId,
    arrayJobId: arrayJobId || undefined,
    arrayTaskId: arrayTask(arrayTaskId),
    name,
    user,
    node: text(kv.get('BatchHost')) || undefined,
  };
  const stdoutPath = expandOutputPath(text(kv.get('StdOut')), workDir, names);
  const start = parseTime(kv.get('StartTime'));
  const partition = text(kv.get('Partition'));
  const timeLimit = parseDuration(kv.get('TimeLimit'));
  const memoryMB = parseMemory(tres.get('mem'));
  const cpus = int(kv.get('NumCPUs'));
  const account = text(kv.get('Account'));
  const params = [
    `-J ${name}`,
    `-p ${partition}`,
    `-N ${nodes}`,
    `-n ${int(kv.get('NumTasks')) || cpus}`,
    ...(gpus > 0 ? [`--gpus=${gpus}`] : []),
    ...(memoryMB ? [`--mem=${Math.round(memoryMB / Math.max(1, nodes))}M`] : []),
    ...(timeLimit !== null ? [`-t ${Math.ceil(timeLimit / 60)}`] : []),
    `-D ${workDir}`,
    ...(account ? [`-A ${account}`] : []),
  ];
  return {
    jobId,
    name,
    user,
    group: nameOf(kv.get('GroupId')),
    account,
    partition,
    state: portalState(state, reason, restartCount),
    schedulerState: state,
    reason: pending ? reason : '',
    priority: int(kv.get('Priority')),
    submitTime: parseTime(kv.get('SubmitTime')),
    startTime: pending ? null : start,
    expectedStartTime: pending ? start : null,
    timeLimit,
    runTime: parseDuration(kv.get('RunTime')) ?? 0,
    nodes,
    cpus,
    gpus,
    memoryMB,
    nodeList: pending ? '' : text(kv.get('NodeList')),
    workDir,
    stdoutPath,
    stderrPath: expandOutputPath(text(kv.get('StdErr')), workDir, names) || stdoutPath,
    command: text(kv.get('Command')),
    restartCount,
    exclusive: text(kv.get('OverSubscribe')) === 'NO',
    script,
    submitParams: params.join(' '),
    exitCode: text(kv.get('ExitCode')) || null,
  };
};
