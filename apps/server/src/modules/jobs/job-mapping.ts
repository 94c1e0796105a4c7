import { EXIT_STATUSES, toHms, type ExitStatus, type JobDetail, type JobListItem, type JobSubmission } from '@portal/shared';
import type { ActiveJob, ActiveJobDetail } from '../../cluster/scheduler/types.js';
import type { JobRow, JobSubmissionRow } from '../../db/types.js';
import { iso, isoOrNull } from '../../lib/time.js';

/* From what the scheduler or the jobs table says to what the API answers. */

/** Run time now: the snapshot's value plus the time since it was taken, for running jobs. */
export const runtimeNow = (j: ActiveJob, takenAt: number, now: number) =>
  j.state === 'R' ? j.runTime + Math.max(0, Math.floor((now - takenAt) / 1000)) : j.runTime;

export const activeToItem = (clusterId: string, j: ActiveJob, takenAt: number, now: number): JobListItem => ({
  clusterId,
  jobId: j.jobId,
  name: j.name,
  userName: j.user,
  account: j.account,
  queue: j.partition,
  jobStatus: j.state,
  schedulerState: j.schedulerState,
  reason: j.reason,
  coreNum: j.cpus,
  gpuNum: j.gpus,
  nodeNum: j.nodes,
  nodeName: j.nodeList,
  priority: j.priority,
  submitTime: isoOrNull(j.submitTime),
  startTime: isoOrNull(j.startTime),
  endTime: null,
  runtime: runtimeNow(j, takenAt, now),
  timeLimit: j.timeLimit,
  workDir: j.workDir,
  exitStatus: null,
  exitCode: null,
  coreSeconds: j.cpus * runtimeNow(j, takenAt, now),
});

/** A stored exit status; anything the vocabulary does not know counts as a failure. */
const exitStatusOf = (s: string): ExitStatus => EXIT_STATUSES.find((x) => x === s) ?? 'fail';

export const rowToItem = (r: JobRow): JobListItem => ({
  clusterId: r.cluster_id,
  jobId: r.job_id,
  name: r.name,
  userName: r.user_name,
  account: r.account,
  queue: r.queue,
  jobStatus: 'C',
  schedulerState: r.scheduler_state,
  reason: '',
  coreNum: r.cpus,
  gpuNum: r.gpus,
  nodeNum: r.nodes,
  nodeName: r.node_list,
  priority: 0,
  submitTime: r.submit_at ? iso(r.submit_at) : null,
  startTime: isoOrNull(r.start_at),
  endTime: iso(r.end_at),
  runtime: Number(r.elapsed_s),
  timeLimit: r.time_limit_s === null ? null : Number(r.time_limit_s),
  workDir: r.work_dir,
  exitStatus: exitStatusOf(r.exit_status),
  exitCode: r.exit_code,
  coreSeconds: Number(r.core_seconds),
});

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;
const secondsBetween = (a: number | null, b: number | null) =>
  a !== null && b !== null ? Math.max(0, Math.round((b - a) / 1000)) : null;

const emptyHistory = {
  userGroup: '',
  enqueueTime: null,
  expectedRunTime: null,
  waitTime: null,
  responseTime: null,
  actualRunTime: null,
  exclusive: false,
  cpuTime: null,
  cpuEfficiency: null,
  memoryEfficiency: null,
  cardSeconds: 0,
  cpuHours: 0,
  gpuHours: 0,
  dcuHours: 0,
};

type Extra = {
  clusterName: string;
  maxRunTime: number | null;
  actions: JobDetail['actions'];
  extendableSeconds: number | null;
  submission: JobSubmissionRow | undefined;
};

export const submissionOf = (r: JobSubmissionRow | undefined): JobSubmission | null =>
  r
    ? {
        template: r.template,
        queue: r.queue,
        nodes: r.nodes,
        cores: r.cores,
        gpus: r.gpus,
        memoryMB: r.memory_mb,
        timeLimit: r.time_limit_s,
        workDir: r.work_dir,
        account: r.account,
        submittedAt: iso(r.submitted_at),
      }
    : null;

/** The sbatch options a recorded submission amounts to, as the built-in scheduler shows them. */
export const submitParamsText = (r: JobSubmissionRow, name: string): string =>
  [
    `--job-name=${name}`,
    `--partition=${r.queue}`,
    `--nodes=${r.nodes}`,
    `--ntasks=${r.cores}`,
    ...(r.gpus > 0 ? [`--gpus=${r.gpus}`] : []),
    ...(r.memory_mb > 0 ? [`--mem=${r.memory_mb}M`] : []),
    `--time=${toHms(r.time_limit_s)}`,
    ...(r.account ? [`--account=${r.account}`] : []),
    `--chdir=${r.work_dir}`,
  ].join(' ');

export const activeToDetail = (clusterId: string, j: ActiveJobDetail, takenAt: number, now: number, x: Extra): JobDetail => {
  const runtime = runtimeNow(j, takenAt, now);
  const running = j.state === 'R' || j.state === 'S' || j.state === 'E';
  return {
    ...activeToItem(clusterId, j, takenAt, now),
    ...emptyHistory,
    clusterName: x.clusterName,
    // The template recorded at submission, not a guess: '' for a job submitted elsewhere.
    appType: x.submission?.template ?? '',
    submission: submissionOf(x.submission),
    expectedStartTime: isoOrNull(j.expectedStartTime),
    maxRunTime: x.maxRunTime,
    cpusApplied: j.cpus,
    cpusOccupied: running ? j.cpus : 0,
    gpusApplied: j.gpus,
    gpusOccupied: running ? j.gpus : 0,
    dcusApplied: 0,
    dcusOccupied: 0,
    memoryAppliedMB: j.memoryMB,
    memoryUsedMB: null,
    physicalMemoryMB: null,
    virtualMemoryMB: null,
    nodesApplied: j.nodes,
    nodesOccupied: running ? j.nodes : 0,
    execHosts: j.nodeList,
    stdoutPath: j.stdoutPath,
    stderrPath: j.stderrPath,
    script: j.script ?? x.submission?.script ?? null,
    submitParams: j.submitParams,
    command: j.command,
    restartCount: j.restartCount,
    exitCode: j.exitCode,
    userGroup: j.group,
    exclusive: j.exclusive,
    cardSeconds: j.gpus * runtime,
    cpuHours: hours(j.cpus * runtime),
    gpuHours: hours(j.gpus * runtime),
    actions: x.actions,
    extendableSeconds: x.extendableSeconds,
  };
};

/** Output files follow `<workDir>/<name>-<jobId>.out|.err` on every adapter. */
export const outputPaths = (workDir: string, name: string, jobId: string) => ({
  stdout: `${workDir}/${name}-${jobId}.out`,
  stderr: `${workDir}/${name}-${jobId}.err`,
});

/** A finished job from accounting, with what the portal's submission recorded, if it did. */
export const rowToDetail = (
  r: JobRow,
  clusterName: string,
  maxRunTime: number | null,
  submission: JobSubmissionRow | undefined,
): JobDetail => {
  const item = rowToItem(r);
  const elapsed = Number(r.elapsed_s);
  const cpuTime = r.cpu_time_s === null ? null : Number(r.cpu_time_s);
  const memoryApplied = r.memory_mb === null ? null : Number(r.memory_mb);
  const memoryUsed = r.max_rss_mb === null ? null : Number(r.max_rss_mb);
  const paths = outputPaths(r.work_dir, r.name, r.job_id);
  const enqueue = r.eligible_at ?? (r.submit_at || null);
  return {
    ...item,
    clusterName,
    appType: submission?.template ?? '',
    submission: submissionOf(submission),
    expectedStartTime: null,
    maxRunTime,
    cpusApplied: r.cpus,
    cpusOccupied: r.cpus,
    gpusApplied: r.gpus,
    gpusOccupied: r.gpus,
    dcusApplied: 0,
    dcusOccupied: 0,
    memoryAppliedMB: memoryApplied,
    memoryUsedMB: memoryUsed,
    physicalMemoryMB: memoryUsed,
    virtualMemoryMB: null,
    nodesApplied: r.nodes,
    nodesOccupied: r.nodes,
    execHosts: r.node_list,
    stdoutPath: paths.stdout,
    stderrPath: paths.stderr,
    script: submission?.script ?? null,
    submitParams: submission ? submitParamsText(submission, r.name) : '',
    command: submission?.command ?? '',
    restartCount: r.restart_count,
    userGroup: r.user_group,
    enqueueTime: isoOrNull(enqueue),
    expectedRunTime: r.time_limit_s === null ? null : Number(r.time_limit_s),
    waitTime: secondsBetween(enqueue, r.start_at),
    responseTime: secondsBetween(r.submit_at || null, r.end_at),
    actualRunTime: elapsed,
    exclusive: r.exclusive === 1,
    cpuTime,
    cpuEfficiency: cpuTime !== null && elapsed > 0 && r.cpus > 0 ? Math.min(1, cpuTime / (r.cpus * elapsed)) : null,
    // Not capped: a job that overran its request shows it.
    memoryEfficiency: memoryUsed !== null && memoryApplied !== null && memoryApplied > 0 ? memoryUsed / memoryApplied : null,
    cardSeconds: Number(r.card_seconds),
    cpuHours: hours(Number(r.core_seconds)),
    gpuHours: hours(Number(r.card_seconds)),
    dcuHours: 0,
    actions: [],
    extendableSeconds: 0,
  };
};
