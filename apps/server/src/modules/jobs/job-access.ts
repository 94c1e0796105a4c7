import {
  can,
  extendableSeconds as extendableOf,
  jobActionsFor,
  mayActOnJob,
  type JobAction,
  type JobState,
  type Permission,
} from '@portal/shared';
import type { ActiveJob, ClusterInfo } from '../../cluster/scheduler/types.js';
import type { Auth } from '../../lib/auth.js';

/* Who may see and do what with a job: the rules in one place, shared by lists, details and actions. */

export const seesAll = (auth: Auth) => can(auth.user.roleId, 'jobs:readAll');

export const maySee = (auth: Auth, owner: string) => owner === auth.user.userName || seesAll(auth);

/** Actions Slurm lets only operators do: the portal runs them as its service identity once it has checked the owner. */
const OPERATOR_ACTIONS: readonly JobAction[] = ['suspend', 'resume', 'priority', 'extend'];

export const needsOperator = (action: JobAction) => OPERATOR_ACTIONS.includes(action);

/** The signed-in user as packages/shared's job rules see a viewer. */
const viewerOf = (auth: Auth) => ({
  userName: auth.user.userName,
  can: (p: Permission) => can(auth.user.roleId, p),
});

/** Whether the user may take `action` on a job of `owner` (not whether it applies to its state). */
export const mayAct = (auth: Auth, owner: string, action: JobAction): boolean => mayActOnJob(viewerOf(auth), owner, action);

/** The queue's maximum time limit in seconds (null = unlimited). */
export const queueMaxTime = (info: ClusterInfo, queue: string): number | null =>
  info.partitions.find((p) => p.name === queue)?.maxTime ?? null;

/** How much longer the time limit can become: null = no maximum; 0 = cannot extend. */
export const extendableSeconds = (job: Pick<ActiveJob, 'timeLimit' | 'partition'>, info: ClusterInfo): number | null =>
  extendableOf(job.timeLimit, queueMaxTime(info, job.partition));

/**
 * The actions the user can take on the job in its state: the console's rule too. `extend` stays
 * listed when the limit is already at the queue's maximum (extendableSeconds 0): the console shows
 * it disabled with the reason, and the action itself refuses.
 */
export const actionsFor = (auth: Auth, job: Pick<ActiveJob, 'user' | 'state'>): JobAction[] =>
  jobActionsFor(viewerOf(auth), { owner: job.user, state: job.state as JobState });
