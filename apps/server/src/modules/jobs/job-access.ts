import { actionApplies, can, JOB_ACTIONS, type JobAction, type JobState } from '@portal/shared';
import type { ActiveJob, ClusterInfo } from '../../cluster/scheduler/types.js';
import type { Auth } from '../auth/auth.types.js';

/* Who may see and do what with a job: the rules in one place, shared by lists, details and actions. */

export const seesAll = (auth: Auth) => can(auth.user.roleId, 'jobs:readAll');

export const maySee = (auth: Auth, owner: string) => owner === auth.user.userName || seesAll(auth);

/** Actions Slurm lets only operators do: the portal runs them as its service identity once it has checked the owner. */
const OPERATOR_ACTIONS: readonly JobAction[] = ['suspend', 'resume', 'priority', 'extend'];

export const needsOperator = (action: JobAction) => OPERATOR_ACTIONS.includes(action);

/** Whether the user may take `action` on a job of `owner` (not whether it applies to its state). */
export const mayAct = (auth: Auth, owner: string, action: JobAction): boolean => {
  const role = auth.user.roleId;
  if (action === 'priority') return can(role, 'jobs:priority');
  return owner === auth.user.userName ? can(role, 'jobs:act') : can(role, 'jobs:actAll');
};

/** The queue's maximum time limit in seconds (null = unlimited). */
export const queueMaxTime = (info: ClusterInfo, queue: string): number | null =>
  info.partitions.find((p) => p.name === queue)?.maxTime ?? null;

/** How much longer the time limit can become: null = no maximum; 0 = cannot extend. */
export const extendableSeconds = (job: Pick<ActiveJob, 'timeLimit' | 'partition'>, info: ClusterInfo): number | null => {
  if (job.timeLimit === null) return 0;
  const max = queueMaxTime(info, job.partition);
  return max === null ? null : Math.max(0, max - job.timeLimit);
};

/** The actions the user can take on the job now. */
export const actionsFor = (
  auth: Auth,
  job: Pick<ActiveJob, 'user' | 'state' | 'timeLimit' | 'partition'>,
  info: ClusterInfo,
): JobAction[] =>
  JOB_ACTIONS.filter((a) => actionApplies(a, job.state as JobState) && mayAct(auth, job.user, a)).filter(
    (a) => a !== 'extend' || extendableSeconds(job, info) !== 0,
  );
