import { MAX_JOB_PRIORITY } from '@portal/shared';
import type { LocalJobRow } from '../../../db/types.js';
import type { Actor } from '../types.js';
import type { JobRunner } from './job-runner.js';
import type { JobProcesses } from './process.js';
import { Reason } from './queue.js';
import type { LocalJobStore } from './store.js';
import { isInt, reject } from './submission.js';

/*
 * The job actions of the built-in scheduler, with Slurm's refusals. Each runs on a job the actor
 * may act on, one change at a time (LocalScheduler.act checks the owner and serialises).
 */

export interface JobControl {
  store: LocalJobStore;
  procs: JobProcesses;
  runner: JobRunner;
}

/** A waiting job ends at once; a running one is ended (SIGTERM, then SIGKILL). */
export const cancelJob = async (c: JobControl, _actor: Actor, _jobId: string, row: LocalJobRow, now: number): Promise<void> => {
  if (row.state === 'Q' || row.state === 'H') {
    await c.store.update(
      row.id,
      [row.state],
      { state: 'C', scheduler_state: 'CANCELLED', exit_status: 'delete', exit_code: '0:0', reason: '', held: 0, end_at: now },
      now,
    );
  } else if (row.state === 'R' || row.state === 'S') {
    await c.runner.beginEnd(row, 'delete', now);
  } else if (row.state === 'E' && row.exit_status === 'reenterQueue') {
    // Cancelled while being requeued: it ends for good.
    await c.store.update(row.id, ['E'], { exit_status: 'delete' }, now);
  }
};

/** Holds a waiting job; an operator's hold only an operator releases. */
export const holdJob = async (c: JobControl, actor: Actor, jobId: string, row: LocalJobRow, now: number): Promise<void> => {
  if (row.state === 'H') return;
  if (row.state !== 'Q') reject(`job ${jobId} is not pending`);
  await c.store.update(
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
};

/** Puts a held job back in the queue. */
export const releaseJob = async (c: JobControl, actor: Actor, jobId: string, row: LocalJobRow, now: number): Promise<void> => {
  if (row.state !== 'H') reject(`job ${jobId} is not held`);
  if (row.held === 2 && !actor.privileged) reject(`job ${jobId} was held by an administrator`);
  await c.store.update(row.id, ['H'], { state: 'Q', held: 0, reason: Reason.none }, now);
};

/** Stops a running job's whole process group (operators only). */
export const suspendJob = async (c: JobControl, actor: Actor, jobId: string, row: LocalJobRow, now: number): Promise<void> => {
  if (!actor.privileged) reject('only an operator can suspend a job');
  if (row.state !== 'R' || row.pid === null) reject(`job ${jobId} is not running`);
  if (!c.procs.signal(row.pid, 'SIGSTOP')) reject(`job ${jobId} is ending`);
  await c.store.update(row.id, ['R'], { state: 'S', scheduler_state: 'SUSPENDED', suspended_at: now }, now);
};

/** Continues a suspended job; the time it stood still is not counted against its limit. */
export const resumeJob = async (c: JobControl, actor: Actor, jobId: string, row: LocalJobRow, now: number): Promise<void> => {
  if (!actor.privileged) reject('only an operator can resume a job');
  if (row.state !== 'S') reject(`job ${jobId} is not suspended`);
  if (row.pid !== null) c.procs.signal(row.pid, 'SIGCONT');
  await c.store.update(
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
};

/** Ends a running job and queues it again. */
export const requeueJob = async (c: JobControl, _actor: Actor, jobId: string, row: LocalJobRow, now: number): Promise<void> => {
  if (row.state !== 'R' && row.state !== 'S') reject(`job ${jobId} is not running`);
  await c.runner.beginEnd(row, 'reenterQueue', now);
};

/** Changes a job's priority; only an operator may raise it. */
export const setPriorityJob = async (
  c: JobControl,
  actor: Actor,
  jobId: string,
  row: LocalJobRow,
  now: number,
  priority: number,
): Promise<void> => {
  if (!isInt(priority, 0, MAX_JOB_PRIORITY)) reject(`invalid priority: ${priority}`);
  if (row.state === 'E') reject(`job ${jobId} is ending`);
  if (!actor.privileged && priority > row.priority) reject('only an operator can raise a priority');
  await c.store.update(row.id, [row.state], { priority }, now);
};

/** Changes a job's time limit; only an operator may extend it. */
export const setTimeLimitJob = async (
  c: JobControl,
  actor: Actor,
  jobId: string,
  row: LocalJobRow,
  now: number,
  seconds: number,
): Promise<void> => {
  if (!isInt(seconds, 1)) reject(`invalid time limit: ${seconds}`);
  if (row.state === 'E') reject(`job ${jobId} is ending`);
  if (!actor.privileged && seconds > row.time_limit_s) reject('only an operator can extend a time limit');
  // A running job now past its new limit ends at the next pass.
  await c.store.update(row.id, [row.state], { time_limit_s: seconds }, now);
};
