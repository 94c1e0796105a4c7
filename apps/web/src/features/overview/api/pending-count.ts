import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryPendingUserInfo } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const pendingCountQuery = () =>
  queryOptions({
    queryKey: ['users', 'pending', 'count'],
    queryFn: async () => (await api(queryPendingUserInfo, { body: { pageStart: 0, pageLimit: 1 } })).total,
  });

export const usePendingCount = (enabled: boolean) => useQuery({ ...pendingCountQuery(), enabled });
