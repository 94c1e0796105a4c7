import { ErrCode, parseDuration, queueAllows } from '@portal/shared';
import type { ClusterEntry } from '../../cluster/registry.js';
import type { ClusterInfo, PartitionInfo } from '../../cluster/scheduler/types.js';
import { AppError } from '../../lib/app-error.js';
import type { SubmitRequest } from './job-actions.service.js';

/* The checks of a submission the portal makes before the scheduler sees it: shared by submit and its preview. */

/**
 * A submission the cluster cannot take. The issue names the form field at fault and a `code` (with
 * `params`) the console translates, so the message appears at that field in the page's language.
 */
export const invalid = (
  detail: string,
  field?: keyof SubmitRequest,
  code?: string,
  params: Record<string, string | number> = {},
) =>
  new AppError(ErrCode.PARAM_INVALID, 'invalidJobRequest', detail, {
    extra: { detail, ...(field ? { issues: [{ path: field, message: detail, ...(code ? { code, params } : {}) }] } : {}) },
  });
export const exceedsQueue = (field?: 'timeLimit', max?: number) =>
  new AppError(ErrCode.PARAM_INVALID, 'exceedQueueMax', 'Set the time to exceed the maximum running time of the queue', {
    ...(field
      ? {
          extra: {
            issues: [{ path: field, message: 'exceeds the queue maximum', code: 'timeLimitOverMax', params: { max: max ?? 0 } }],
          },
        }
      : {}),
  });
/**
 * The queue a submission goes to and its time limit in seconds; throws the refusal the submit
 * answers (unknown queue, account not allowed, over the queue's limits).
 */
export const checkSubmission = (
  info: ClusterInfo,
  r: SubmitRequest,
  account: string | undefined,
): { queue: PartitionInfo; limit: number } => {
  // As sbatch without -p: the partition the cluster marks as its default.
  const queue = info.partitions.find((p) => (r.queue === undefined ? p.isDefault : p.name === r.queue));
  if (!queue)
    throw r.queue === undefined
      ? invalid('the cluster has no default queue: choose a queue', 'queue', 'noDefaultQueue')
      : invalid(`unknown queue ${r.queue}`, 'queue', 'queueUnknown', { queue: r.queue });
  // A queue limited to some accounts refuses the others (Slurm's AllowAccounts).
  if (!queueAllows(queue.allowAccounts, account))
    throw new AppError(
      ErrCode.PARAM_INVALID,
      'queueNotAllowed',
      `The account ${account ?? '(none)'} may not use the queue ${queue.name}`,
      {
        extra: {
          queue: queue.name,
          account: account ?? null,
          issues: [
            {
              path: 'queue',
              message: 'not allowed for the account',
              code: 'queueNotAllowed',
              params: { queue: queue.name, account: account ?? '' },
            },
          ],
        },
      },
    );
  const limit = parseDuration(r.timeLimit);
  if (limit === null || limit <= 0)
    throw invalid('the time limit must be hh:mm:ss and more than zero', 'timeLimit', 'timeLimitInvalid');
  if (queue.maxTime !== null && limit > queue.maxTime) throw exceedsQueue('timeLimit', queue.maxTime);
  const over = (field: 'nodes' | 'cores' | 'gpus', max: number, what: string) =>
    invalid(`the queue ${queue.name} has ${max} ${what}`, field, `${field}OverQueue`, { queue: queue.name, max });
  if (r.nodes > queue.nodes.length) throw over('nodes', queue.nodes.length, 'nodes');
  if (queue.maxNodes !== null && r.nodes > queue.maxNodes) throw over('nodes', queue.maxNodes, 'nodes per job');
  if (r.cores > queue.totalCores) throw over('cores', queue.totalCores, 'cores');
  if (queue.maxCoresPerJob !== null && r.cores > queue.maxCoresPerJob) throw over('cores', queue.maxCoresPerJob, 'cores per job');
  if (r.cores < r.nodes) throw invalid('at least one core per node', 'cores', 'coresBelowNodes', { nodes: r.nodes });
  if (r.gpus > queue.totalGpus) throw over('gpus', queue.totalGpus, 'GPUs');
  return { queue, limit };
};

/** Relative working directories start in the user's home folder. */
export const workDirOf = async (cluster: ClusterEntry, user: string, dir: string | undefined): Promise<string> => {
  const home = await cluster.homeOf(user);
  if (dir === undefined) return home;
  const rel = dir.replace(/^~\/?/, '');
  const path = dir.startsWith('/') ? dir : `${home}/${rel}`.replace(/\/+$/, '');
  if (path.split('/').includes('..'))
    throw invalid('the working directory (workDir) may not contain ..', 'workDir', 'workDirDotDot');
  return path || home;
};
