import { compressHostlist, queueAllows, UNLIMITED, type QueueItem } from '@portal/shared';
import type { ActiveJob, PartitionInfo } from '../../cluster/scheduler/types.js';

/* A scheduler partition as the queue list shows it. */

/** Seconds or UNLIMITED. */
const time = (s: number | null) => (s === null ? UNLIMITED : s);

export const toQueueItem = (p: PartitionInfo, jobs: readonly ActiveJob[], defaultAccount: string | null): QueueItem => ({
  name: p.name,
  state: p.state,
  isDefault: p.isDefault,
  maxTime: time(p.maxTime),
  // Slurm's DefaultTime=NONE: a job without a limit gets the maximum.
  defaultTime: time(p.defaultTime ?? p.maxTime),
  maxNodesPerJob: p.maxNodes,
  maxCoresPerJob: p.maxCoresPerJob,
  priority: p.priority,
  nodes: compressHostlist(p.nodes),
  nodeList: p.nodes,
  totalCores: p.totalCores,
  totalGpus: p.totalGpus,
  allowAccounts: p.allowAccounts,
  managed: p.managed,
  activeJobs: jobs.filter((j) => j.partition === p.name && j.state !== 'C').length,
  usable: queueAllows(p.allowAccounts, defaultAccount),
});
