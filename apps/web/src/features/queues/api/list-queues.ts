import { queryOptions, useQuery } from '@tanstack/react-query';
import { listQueueManagement } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const queueListQuery = (clusterId?: string) =>
  queryOptions({
    queryKey: ['queues', 'list', clusterId ?? ''],
    queryFn: ({ signal }) => api(listQueueManagement, { query: { clusterId }, signal }),
  });

export const useQueueList = (clusterId?: string) => useQuery(queueListQuery(clusterId));
