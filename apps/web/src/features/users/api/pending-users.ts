import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { approveUser, queryPendingUserInfo, refuseUser } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useUsersMutation } from './use-users-mutation';

export interface PendingFilter {
  userName?: string;
  pageStart: number;
  pageLimit: number;
}

export const pendingUsersQuery = (f: PendingFilter) =>
  queryOptions({
    queryKey: ['users', 'pending', f],
    queryFn: () => api(queryPendingUserInfo, { body: f }),
    placeholderData: keepPreviousData,
  });

export const usePendingUsers = (f: PendingFilter) => useQuery(pendingUsersQuery(f));

export const useApproveUsers = () =>
  useUsersMutation((v: { userNames: string[]; roleId?: number }) => api(approveUser, { body: v }));

export const useRefuseUsers = () =>
  useUsersMutation((v: { userNames: string[]; reason?: string }) => api(refuseUser, { body: v }));
