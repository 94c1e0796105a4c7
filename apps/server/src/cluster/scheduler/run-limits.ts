/*
 * Limits on how many jobs run at once (the portal's quotas, docs/quotas.md). Slurm enforces them
 * itself through the associations' job limits; the built-in scheduler asks this port in every
 * scheduling pass, so the answer must be cheap (read from memory, never from the database).
 */

/** Most jobs running at once: the account's (all its members together) and the user's within it; null is no limit. */
export interface RunningJobLimits {
  account: number | null;
  user: number | null;
}

export interface RunLimits {
  maxRunning(account: string, user: string): RunningJobLimits;
}

export const NO_RUN_LIMITS: RunLimits = { maxRunning: () => ({ account: null, user: null }) };
