import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryPendingUserInfo, type BodyOf } from '@portal/shared';
import { api } from '../../../lib/api-client';

export type PendingFilter = BodyOf<typeof queryPendingUserInfo>;

export const pendingUsersQuery = (f: PendingFilter) =>
  queryOptions({
    queryKey: ['users', 'pending', f],
    queryFn: () => api(queryPendingUserInfo, { body: f }),
    placeholderData: keepPreviousData,
  });

export const usePendingUsers = (f: PendingFilter) => useQuery(pendingUsersQuery(f));
