import { queryOptions, useQuery } from '@tanstack/react-query';
import { listQueues } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** The cluster's queues a desktop job may go to (the same cache entry as the job submission form's). */
export const queuesQuery = (clusterId?: string) =>
  queryOptions({
    queryKey: ['jobs', 'queues', clusterId ?? ''],
    queryFn: ({ signal }) => api(listQueues, { query: { clusterId }, signal }),
    staleTime: 60_000,
  });

export const useQueues = (clusterId?: string) => useQuery(queuesQuery(clusterId));
