import type { JobNoticeState } from '@portal/shared';

/*
 * The scheduler's final state words (Slurm's, which the built-in scheduler also writes: see
 * cluster/scheduler/slurm/states.ts and local/queue.ts) as the end states a notice names. A
 * state word may carry more ("CANCELLED by 1001"): only the first word counts. Records of runs
 * that did not end the job (REQUEUED, PREEMPTED) and anything unforeseen tell of nothing.
 */
const BY_WORD: Readonly<Record<string, JobNoticeState>> = {
  COMPLETED: 'completed',
  FAILED: 'failed',
  NODE_FAIL: 'failed',
  OUT_OF_MEMORY: 'failed',
  BOOT_FAIL: 'failed',
  TIMEOUT: 'timeout',
  DEADLINE: 'timeout',
  CANCELLED: 'cancelled',
};

export const noticeStateOf = (schedulerState: string): JobNoticeState | null =>
  BY_WORD[(schedulerState.trim().split(/\s+/)[0] ?? '').toUpperCase()] ?? null;

/** The state words stored in jobs.scheduler_state of each notice state (CANCELLED also as "CANCELLED by <uid>"). */
export const schedulerStatesOf = (states: readonly JobNoticeState[]): string[] =>
  Object.entries(BY_WORD)
    .filter(([, s]) => states.includes(s))
    .map(([word]) => word);
