import { queryOptions, useQuery } from '@tanstack/react-query';
import { listJobs, listQueues } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** The clusters (the same cache entry as the file manager's). */
export { useClusters } from '../../../lib/queries/clusters';

/** A cluster's queues with the accounts each allows (the same cache entry as the submit form's). */
export const useClusterQueues = (clusterId: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ['jobs', 'queues', clusterId ?? ''],
    queryFn: ({ signal }) => api(listQueues, { query: { clusterId }, signal }),
    staleTime: 60_000,
    enabled,
  });

/** The caller's queued and running jobs on a cluster: the jobs a longer run time may be asked for. */
export const activeJobsQuery = (user: string, clusterId: string | undefined) =>
  queryOptions({
    queryKey: ['jobs', 'list', 'apply', user, clusterId ?? ''],
    queryFn: async ({ signal }) =>
      (await api(listJobs, { query: { scope: 'current', user, clusterId, pageStart: 0, pageLimit: 100 }, signal })).list,
  });

export const useActiveJobs = (user: string, clusterId: string | undefined, enabled: boolean) =>
  useQuery({ ...activeJobsQuery(user, clusterId), enabled: enabled && !!user });
