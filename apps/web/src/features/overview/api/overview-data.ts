import { queryOptions, useQuery } from '@tanstack/react-query';
import { listJobs, listQueues, queryChartData, queryJobInfo, queryWallTimeUsed } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/*
 * What the overview reads. Active jobs, queues and node states follow the refresh interval
 * (the server answers them from its shared scheduler snapshot, so polling costs no scheduler call).
 */

/** The jobs the caller may see that have not ended (own jobs for a researcher), newest first, and counts per status. */
export const useActiveJobs = () => {
  const { refreshMs } = useSession();
  return useQuery(
    queryOptions({
      queryKey: ['overview', 'jobInfo'],
      queryFn: ({ signal }) => api(queryJobInfo, { body: {}, signal }),
      refetchInterval: refreshMs,
    }),
  );
};

/** The caller's most recently ended jobs. */
export const useRecentJobs = (limit = 5) =>
  useQuery(
    queryOptions({
      queryKey: ['overview', 'recentJobs', limit],
      queryFn: ({ signal }) =>
        api(listJobs, { query: { scope: 'history', pageStart: 0, pageLimit: limit, sort: 'endTime', order: 'desc' }, signal }),
      staleTime: 30_000,
    }),
  );

/** The caller's core-hours this month and this year. */
export const useCoreTime = () =>
  useQuery(
    queryOptions({
      queryKey: ['overview', 'wallTimeUsed'],
      queryFn: ({ signal }) => api(queryWallTimeUsed, { body: {}, signal }),
      staleTime: 60_000,
    }),
  );

export const useQueueStates = () => {
  const { refreshMs } = useSession();
  return useQuery(
    queryOptions({
      queryKey: ['overview', 'queues'],
      queryFn: ({ signal }) => api(listQueues, { query: {}, signal }),
      refetchInterval: refreshMs,
    }),
  );
};

/** Node states (by the heat map's colours) and job states across the cluster. */
export const useClusterStates = () => {
  const { refreshMs } = useSession();
  return useQuery(
    queryOptions({
      queryKey: ['overview', 'chartData'],
      queryFn: ({ signal }) => api(queryChartData, { body: {}, signal }),
      refetchInterval: refreshMs,
    }),
  );
};
