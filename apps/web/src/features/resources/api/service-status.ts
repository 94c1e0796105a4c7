import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { servicesStatus } from '@portal/shared';
import { api } from '../../../lib/api-client';

/**
 * The service status groups of a cluster, read again every `refreshMs`. The server answers from
 * its last round of checks for SERVICE_CHECK_CACHE_SECONDS, so many open pages cost one round.
 */
export const serviceStatusQuery = (clusterId: string | undefined, refreshMs: number) =>
  queryOptions({
    queryKey: ['resources', 'services', clusterId ?? ''],
    queryFn: ({ signal }) => api(servicesStatus, { query: { clusterId }, signal }),
    refetchInterval: refreshMs,
  });

export const useServiceStatus = (clusterId: string | undefined, refreshMs: number) =>
  useQuery(serviceStatusQuery(clusterId, refreshMs));

/** "Check now": the server checks again instead of answering from its last round; the answer replaces the shown one. */
export const useCheckServicesNow = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (clusterId: string | undefined) => api(servicesStatus, { query: { clusterId, refresh: true } }),
    onSuccess: (data, clusterId) => qc.setQueryData(serviceStatusQuery(clusterId, 0).queryKey, data),
  });
};
