import { queryOptions, useQuery } from '@tanstack/react-query';
import { resourcesStatistic } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const assetStatisticQuery = () =>
  queryOptions({
    queryKey: ['resources', 'statistic'],
    queryFn: ({ signal }) => api(resourcesStatistic, { signal }),
  });

export const useAssetStatistic = () => useQuery(assetStatisticQuery());
