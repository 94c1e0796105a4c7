import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryHomePageChartData } from '@portal/shared';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

export const homeChartDataQuery = (refreshMs: number) =>
  queryOptions({
    queryKey: ['statistics', 'homePageChartData'],
    queryFn: ({ signal }) => api(queryHomePageChartData, { body: {}, signal }),
    refetchInterval: refreshMs,
  });

/**
 * Online jobs and used/total cores, refreshed at the configured refresh interval. Undefined while
 * unknown: before the first answer, when the last read failed, and when the scheduler has never
 * answered (the server then sends zeros without a snapshot time).
 */
export const useHomeChartData = () => {
  const { refreshMs } = useSession();
  const q = useQuery(homeChartDataQuery(refreshMs));
  return q.isError || !q.data?.snapshotAt ? undefined : q.data;
};
