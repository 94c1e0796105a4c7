import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryClusterInfo } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** The heat map's nodes with their state and jobs, re-read at `refreshMs`. */
export const clusterInfoQuery = (refreshMs: number) =>
  queryOptions({
    queryKey: ['jobs', 'heatMap'],
    queryFn: ({ signal }) => api(queryClusterInfo, { body: {}, signal }),
    refetchInterval: refreshMs,
  });

export const useClusterInfo = (refreshMs: number) => useQuery(clusterInfoQuery(refreshMs));
