import { JOB_ACTIONS, actionApplies, type JobAction, type JobListItem, type Permission } from '@portal/shared';

/** Who is looking: the signed-in user and what the role may do. */
export interface Viewer {
  userName: string | undefined;
  can: (p: Permission) => boolean;
}

/** Own jobs need jobs:act (or jobs:actAll); anyone else's need jobs:actAll. */
export const mayActOn = (job: Pick<JobListItem, 'userName'>, v: Viewer): boolean =>
  job.userName === v.userName ? v.can('jobs:act') || v.can('jobs:actAll') : v.can('jobs:actAll');

/** The actions a row offers: those that apply to the job's state and that the viewer may take. */
export const rowActions = (job: Pick<JobListItem, 'userName' | 'jobStatus'>, v: Viewer): JobAction[] =>
  mayActOn(job, v)
    ? JOB_ACTIONS.filter((a) => actionApplies(a, job.jobStatus) && (a !== 'priority' || v.can('jobs:priority')))
    : [];

/** Actions that also work on a selection of jobs. */
export const BATCH_ACTIONS = ['cancel', 'hold', 'release', 'suspend', 'resume', 'rerun'] as const satisfies readonly JobAction[];

/** Destructive actions ask first: cancel ends the job, rerun throws away its progress. */
export const needsConfirmation = (a: JobAction): boolean => a === 'cancel' || a === 'rerun';

/** The selected jobs an action would be sent to. */
export const batchTargets = (
  action: JobAction,
  jobs: readonly Pick<JobListItem, 'jobId' | 'userName' | 'jobStatus'>[],
  v: Viewer,
): string[] => jobs.filter((j) => rowActions(j, v).includes(action)).map((j) => j.jobId);

/**
 * Seconds a job's time limit can still grow: the queue's maximum minus the limit. null means no
 * bound (an unlimited queue); 0 means it cannot be extended (already unlimited or at the maximum).
 */
export const extendableSeconds = (timeLimit: number | null, queueMax: number | null | undefined): number | null => {
  if (timeLimit === null) return 0;
  if (queueMax === null || queueMax === undefined) return null;
  return Math.max(0, queueMax - timeLimit);
};
