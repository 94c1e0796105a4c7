import { compressHostlist, toHms, type ExitStatus, type JobState } from '@portal/shared';
import type { LocalJobRow } from '../../../db/types.js';
import type { ActiveJob, ActiveJobDetail, FinishedJob } from '../types.js';
import { runTimeMs } from './queue.js';

/* What the adapter answers, from the rows of `local_jobs`. */

export const nodeListOf = (row: Pick<LocalJobRow, 'node_list'>): string[] => (row.node_list ? row.node_list.split(',') : []);

const runClock = (row: LocalJobRow) => ({ startAt: row.start_at, suspendedMs: row.suspended_ms, suspendedAt: row.suspended_at });

/** Slurm's word for a job's state. */
const schedulerStateOf = (row: LocalJobRow): string => (row.state === 'E' ? 'COMPLETING' : row.scheduler_state);

export const toActiveJob = (row: LocalJobRow, now: number, command: string): ActiveJob => {
  const started = row.state === 'R' || row.state === 'S' || row.state === 'E';
  return {
    jobId: String(row.id),
    name: row.name,
    user: row.user_name,
    account: row.account,
    partition: row.partition,
    state: row.state as JobState,
    schedulerState: schedulerStateOf(row),
    reason: row.reason,
    priority: row.priority,
    submitTime: row.submit_at,
    startTime: started ? row.start_at : null,
    expectedStartTime: null,
    timeLimit: row.time_limit_s,
    runTime: started ? Math.floor(runTimeMs(runClock(row), now) / 1000) : 0,
    nodes: row.nodes,
    cpus: row.cpus,
    gpus: row.gpus,
    memoryMB: row.memory_mb,
    nodeList: compressHostlist(nodeListOf(row)),
    workDir: row.work_dir,
    stdoutPath: row.stdout_path,
    stderrPath: row.stderr_path,
    command,
    restartCount: row.restart_count,
    exclusive: false,
  };
};

/** The sbatch options the job amounts to, for display. */
export const submitParamsOf = (row: LocalJobRow): string =>
  [
    `--job-name=${row.name}`,
    `--partition=${row.partition}`,
    `--nodes=${row.nodes}`,
    `--ntasks=${row.cpus}`,
    ...(row.gpus > 0 ? [`--gpus=${row.gpus}`] : []),
    `--mem=${row.memory_mb}M`,
    `--time=${toHms(row.time_limit_s)}`,
    ...(row.account ? [`--account=${row.account}`] : []),
    `--chdir=${row.work_dir}`,
  ].join(' ');

export const toActiveJobDetail = (row: LocalJobRow, now: number, command: string): ActiveJobDetail => ({
  ...toActiveJob(row, now, command),
  script: row.script,
  submitParams: submitParamsOf(row),
  exitCode: null,
  group: '',
});

export const toFinishedJob = (row: LocalJobRow): FinishedJob => {
  const end = row.end_at ?? row.updated_at;
  const elapsedMs =
    row.start_at === null ? 0 : runTimeMs({ startAt: row.start_at, suspendedMs: row.suspended_ms, suspendedAt: null }, end);
  return {
    jobId: String(row.id),
    name: row.name,
    user: row.user_name,
    group: '',
    account: row.account,
    partition: row.partition,
    schedulerState: row.scheduler_state,
    exitStatus: (row.exit_status ?? 'fail') as ExitStatus,
    exitCode: row.exit_code ?? '0:0',
    submitTime: row.submit_at,
    eligibleTime: row.submit_at,
    startTime: row.start_at,
    endTime: end,
    elapsed: Math.floor(elapsedMs / 1000),
    timeLimit: row.time_limit_s,
    nodes: row.nodes,
    cpus: row.cpus,
    gpus: row.gpus,
    nodeList: compressHostlist(nodeListOf(row)),
    memoryMB: row.memory_mb,
    maxRssMB: row.max_rss_mb,
    gpuUtil: null,
    cpuTime: row.cpu_time_s,
    workDir: row.work_dir,
    restartCount: row.restart_count,
    exclusive: false,
  };
};
