/**
 * Job states of spec section 4: Q queued, R running, E exiting, C completed, H hold, S suspend,
 * W waiting, X rest (any other scheduler state).
 */
export const JOB_STATES = ['Q', 'R', 'E', 'C', 'H', 'S', 'W', 'X'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** The spec's state codes (statR, statQ, ...) used as CSS and translation keys. */
export const stateCode = (s: JobState): string => `stat${s}`;

/** The spec's status names: running, queue, hold, suspend, other. */
/** The spec's status names, each covering one or more job states. */
export const STATUS_NAMES = ['running', 'queue', 'hold', 'suspend', 'other'] as const;
export type StatusName = (typeof STATUS_NAMES)[number];
export const statusNameOf = (s: JobState): StatusName =>
  s === 'R' ? 'running' : s === 'Q' || s === 'W' ? 'queue' : s === 'H' ? 'hold' : s === 'S' ? 'suspend' : 'other';

/** How a finished job ended (spec section 4, "History job exit status"). */
export const EXIT_STATUSES = ['complete', 'fail', 'timeout', 'nodeAbnormal', 'delete', 'reenterQueue'] as const;
export type ExitStatus = (typeof EXIT_STATUSES)[number];

/**
 * The one word a job's state is shown with, everywhere (current list, history, details): its state
 * while it has not finished, how it ended once it has. A finished job is never "Completed" and
 * "FAILED" at once: it is "Failed".
 */
export type StateWord = Exclude<JobState, 'C'> | ExitStatus;

export const stateWordOf = (job: { jobStatus: JobState; exitStatus: ExitStatus | null }): StateWord =>
  job.jobStatus === 'C' ? (job.exitStatus ?? 'complete') : job.jobStatus;

/** An exit code as schedulers print it ("code:signal", or a bare code), read; null when there is none. */
export const parseExitCode = (text: string | null): { code: number; signal: number } | null => {
  const m = /^\s*(\d+)(?::(\d+))?\s*$/.exec(text ?? '');
  return m ? { code: Number(m[1]), signal: Number(m[2] ?? 0) } : null;
};

/**
 * What is shown beside a finished job's state word: how its program ended, when that explains the
 * state (a failure: exit 1, or signal 9). Nothing for a job that completed, or was cancelled or timed
 * out (its signal is the cancel's), or has not finished.
 */
export const exitDetailOf = (job: {
  jobStatus: JobState;
  exitStatus: ExitStatus | null;
  exitCode: string | null;
}): { kind: 'exit' | 'signal'; value: number } | null => {
  if (job.jobStatus !== 'C' || (job.exitStatus !== 'fail' && job.exitStatus !== 'nodeAbnormal')) return null;
  const parsed = parseExitCode(job.exitCode);
  if (!parsed) return null;
  if (parsed.signal > 0) return { kind: 'signal', value: parsed.signal };
  return parsed.code > 0 ? { kind: 'exit', value: parsed.code } : null;
};

/** Actions on a job, and the states each applies to (spec section 4, "Job actions"). */
export const JOB_ACTIONS = ['cancel', 'hold', 'release', 'suspend', 'resume', 'rerun', 'priority', 'extend'] as const;
export type JobAction = (typeof JOB_ACTIONS)[number];

const actionStates: Record<JobAction, readonly JobState[]> = {
  cancel: ['Q', 'R', 'H', 'S', 'W'],
  hold: ['Q', 'W'],
  release: ['H'],
  suspend: ['R'],
  resume: ['S'],
  rerun: ['R', 'S'],
  priority: ['Q', 'H', 'W'],
  extend: ['Q', 'R', 'H', 'S', 'W'],
};

/** Whether an action applies to a job in a state. */
export const actionApplies = (action: JobAction, state: JobState): boolean => actionStates[action].includes(state);

/** Queued or held jobs have no standard or error output yet. */
export const hasOutput = (state: JobState): boolean => !['Q', 'H', 'W'].includes(state);

/** The highest job priority (Slurm's is an unsigned 32-bit number below "infinite"). */
export const MAX_JOB_PRIORITY = 4_294_967_294;

/** hh:mm:ss (hours unbounded) to seconds; null when malformed. */
export const parseDuration = (text: string): number | null => {
  const m = /^(\d+):([0-5]\d):([0-5]\d)$/.exec(text.trim());
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
};

/** Seconds to hh:mm:ss with unbounded hours (the submission form's time format). */
export const toHms = (seconds: number): string => {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
};
