import { queryOptions, useQuery } from '@tanstack/react-query';
import { metricsHistory } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** One backtrack query as the page asks it: the selector as typed, catalogue ids, ISO instants. */
export interface MetricHistoryRequest {
  clusterId?: string | undefined;
  resources: string;
  metrics: string[];
  startTime: string;
  endTime: string;
}

/**
 * The series of a query. It runs when the page names one (the Query button), not as the fields
 * change. Asking the same again reads it again (the page calls refetch): its last steps may have
 * filled in since.
 */
export const metricHistoryQuery = (request: MetricHistoryRequest | null) =>
  queryOptions({
    queryKey: ['resources', 'metrics', 'history', request],
    queryFn: ({ signal }) => {
      if (!request) throw new Error('no metric query');
      const { clusterId, ...body } = request;
      return api(metricsHistory, { body: { ...(clusterId ? { clusterId } : {}), ...body }, signal });
    },
    enabled: request !== null,
    staleTime: Infinity,
  });

export const useMetricHistory = (request: MetricHistoryRequest | null) => useQuery(metricHistoryQuery(request));
