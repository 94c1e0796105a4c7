import { actionApplies, JOB_ACTIONS, type JobAction, type JobState } from './jobs.js';
import type { Permission } from './roles.js';

/*
 * Who may take which action on a job: one rule for the server, which enforces it, and the
 * console, which offers only what will be allowed.
 */

/** Who is looking at a job: their user name and what their role may do. */
export interface JobViewer {
  userName: string | undefined;
  can: (permission: Permission) => boolean;
}

/**
 * Whether the viewer may take `action` on a job of `owner` (not whether it fits the job's state).
 * Priorities are the operators' (jobs:priority); other actions need jobs:act on one's own jobs
 * and jobs:actAll on anyone's (which covers one's own too).
 */
export const mayActOnJob = (viewer: JobViewer, owner: string, action: JobAction): boolean => {
  if (action === 'priority') return viewer.can('jobs:priority');
  if (viewer.can('jobs:actAll')) return true;
  return owner === viewer.userName && viewer.can('jobs:act');
};

/** Whether the viewer may act on some job at all: the console then offers the action column and selection. */
export const mayActOnJobs = (viewer: Pick<JobViewer, 'can'>): boolean =>
  viewer.can('jobs:act') || viewer.can('jobs:actAll') || viewer.can('jobs:priority');

/** The actions that fit the job's state and that the viewer may take. */
export const jobActionsFor = (viewer: JobViewer, job: { owner: string; state: JobState }): JobAction[] =>
  JOB_ACTIONS.filter((a) => actionApplies(a, job.state) && mayActOnJob(viewer, job.owner, a));

/**
 * Seconds a job's time limit can still grow: the queue's maximum minus the limit. null means no
 * bound (an unlimited queue); 0 means it cannot be extended (already unlimited or at the maximum).
 */
export const extendableSeconds = (timeLimit: number | null, queueMax: number | null | undefined): number | null => {
  if (timeLimit === null) return 0;
  if (queueMax === null || queueMax === undefined) return null;
  return Math.max(0, queueMax - timeLimit);
};
