import { jobActionsFor, type JobAction, type JobListItem, type JobViewer } from '@portal/shared';

/** Who is looking: the signed-in user and what the role may do (the rule lives in packages/shared). */
export type Viewer = JobViewer;

/** The actions a row offers: those that apply to the job's state and that the viewer may take. */
export const rowActions = (job: Pick<JobListItem, 'userName' | 'jobStatus'>, v: Viewer): JobAction[] =>
  jobActionsFor(v, { owner: job.userName, state: job.jobStatus });

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
