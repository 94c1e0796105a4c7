import { queryOptions, useQuery } from '@tanstack/react-query';
import { resourcesListRacks } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const rackListQuery = () =>
  queryOptions({
    queryKey: ['resources', 'racks'],
    queryFn: ({ signal }) => api(resourcesListRacks, { query: {}, signal }),
  });

export const useRackList = () => useQuery(rackListQuery());
