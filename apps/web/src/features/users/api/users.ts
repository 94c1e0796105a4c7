import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { freezeUser, modifyUser, queryUser, unfreezeUser, type UserStatus } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useUsersMutation } from './use-users-mutation';

export interface UserFilter {
  userName?: string;
  roleId?: number;
  status?: UserStatus;
  sort: 'userName' | 'createdAt' | 'lastLoginAt' | 'roleId';
  order: 'asc' | 'desc';
  pageStart: number;
  pageLimit: number;
}

export const usersQuery = (f: UserFilter) =>
  queryOptions({ queryKey: ['users', 'list', f], queryFn: () => api(queryUser, { body: f }), placeholderData: keepPreviousData });

export const useUsers = (f: UserFilter) => useQuery(usersQuery(f));

export interface UserChange {
  userName: string;
  roleId?: number;
  groupName?: string;
  company?: string;
  department?: string;
}

export const useModifyUser = () => useUsersMutation((body: UserChange) => api(modifyUser, { body }));
export const useFreezeUser = () => useUsersMutation((userName: string) => api(freezeUser, { body: { userName } }));
export const useUnfreezeUser = () => useUsersMutation((userName: string) => api(unfreezeUser, { body: { userName } }));
