import { queryOptions, useQuery } from '@tanstack/react-query';
import { metricsCatalogue } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** The metrics a cluster offers, their units, and the resources its collector reads. */
export const metricCatalogueQuery = (clusterId: string | undefined) =>
  queryOptions({
    queryKey: ['resources', 'metrics', 'catalogue', clusterId ?? ''],
    queryFn: ({ signal }) => api(metricsCatalogue, { query: { clusterId }, signal }),
    staleTime: 60_000,
  });

export const useMetricCatalogue = (clusterId: string | undefined) => useQuery(metricCatalogueQuery(clusterId));
