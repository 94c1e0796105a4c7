import type { ExitStatus, JobState } from '@portal/shared';

/*
 * Slurm's job states and the portal's codes. A state word may carry more ("CANCELLED by 1001"):
 * only the first word counts.
 */

/** The state word alone: "CANCELLED by 1001" → "CANCELLED". */
export const baseState = (state: string): string => (state.trim().split(/\s+/)[0] ?? '').toUpperCase();

/** States of a job that has ended; squeue --states=all still lists them until MinJobAge passes. */
const FINISHED = new Set([
  'BOOT_FAIL',
  'CANCELLED',
  'COMPLETED',
  'DEADLINE',
  'FAILED',
  'NODE_FAIL',
  'OUT_OF_MEMORY',
  'PREEMPTED',
  'REVOKED',
  'TIMEOUT',
]);

export const isFinished = (state: string): boolean => FINISHED.has(baseState(state));

/** sacct --state codes of the records of ended runs (REQUEUED: a run that ended in a requeue). */
export const ENDED_STATE_CODES = 'BF,CA,CD,DL,F,NF,OOM,PR,RQ,TO';

const HELD_REASONS = new Set(['JobHeldUser', 'JobHeldAdmin']);
const WAIT_REASONS = new Set(['Dependency', 'DependencyNeverSatisfied', 'BeginTime']);

/**
 * The portal's code of an active job. A pending job is H when held, W when it waits for a
 * dependency or its begin time, otherwise Q. One exception: Slurm holds a requeued job back with
 * reason BeginTime for `cred_expire` seconds (120 by default) although nobody asked for a start
 * time; that job is queued (Q), like a rerun job on other schedulers.
 */
export const portalState = (state: string, reason: string, restartCount: number): JobState => {
  switch (baseState(state)) {
    case 'PENDING':
      if (HELD_REASONS.has(reason)) return 'H';
      if (reason === 'BeginTime' && restartCount > 0) return 'Q';
      return WAIT_REASONS.has(reason) ? 'W' : 'Q';
    case 'REQUEUE_HOLD':
    case 'SPECIAL_EXIT':
      return 'H';
    case 'REQUEUED':
    case 'REQUEUE_FED':
      return 'Q';
    case 'RUNNING':
    case 'CONFIGURING':
      return 'R';
    case 'COMPLETING':
      return 'E';
    case 'SUSPENDED':
    case 'STOPPED':
      return 'S';
    default:
      return 'X';
  }
};

/** How a job ended, from its final state in accounting. */
export const exitStatusOf = (state: string): ExitStatus => {
  switch (baseState(state)) {
    case 'COMPLETED':
      return 'complete';
    case 'TIMEOUT':
    case 'DEADLINE':
      return 'timeout';
    case 'NODE_FAIL':
    case 'BOOT_FAIL':
      return 'nodeAbnormal';
    case 'CANCELLED':
    case 'REVOKED':
      return 'delete';
    case 'PREEMPTED':
    case 'REQUEUED':
      return 'reenterQueue';
    default:
      // FAILED, OUT_OF_MEMORY and anything unforeseen.
      return 'fail';
  }
};
