import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryChartData } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** Job states, node states, cores and the top queues and users, re-read at `refreshMs`. */
export const chartDataQuery = (refreshMs: number) =>
  queryOptions({
    queryKey: ['jobs', 'charts'],
    queryFn: ({ signal }) => api(queryChartData, { body: {}, signal }),
    refetchInterval: refreshMs,
  });

export const useChartData = (refreshMs: number) => useQuery(chartDataQuery(refreshMs));
