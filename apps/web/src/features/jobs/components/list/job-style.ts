import type { ExitStatus, JobState, StatusName } from '@portal/shared';

/** Job-state colours (dark enough for white text on a tag). */
export const STATE_COLORS: Record<JobState, string> = {
  R: '#15803d',
  Q: '#1d4ed8',
  W: '#0e7490',
  H: '#a16207',
  S: '#6d28d9',
  E: '#c2410c',
  C: '#4b5563',
  X: '#6b7280',
};

/** The same colours by the spec's status names (and the overview's exit and transmission). */
export const STATUS_NAME_COLORS: Record<StatusName | 'exit' | 'transmission', string> = {
  running: STATE_COLORS.R,
  queue: STATE_COLORS.Q,
  hold: STATE_COLORS.H,
  suspend: STATE_COLORS.S,
  other: STATE_COLORS.X,
  exit: STATE_COLORS.E,
  transmission: STATE_COLORS.W,
};

export const EXIT_STATUS_COLORS: Record<ExitStatus, string> = {
  complete: 'green',
  fail: 'red',
  timeout: 'orange',
  nodeAbnormal: 'volcano',
  delete: 'default',
  reenterQueue: 'blue',
};
