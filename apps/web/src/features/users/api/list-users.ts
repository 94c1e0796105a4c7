import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryUser, type BodyOf } from '@portal/shared';
import { api } from '../../../lib/api-client';

export type UserFilter = BodyOf<typeof queryUser>;

export const usersQuery = (f: UserFilter) =>
  queryOptions({ queryKey: ['users', 'list', f], queryFn: () => api(queryUser, { body: f }), placeholderData: keepPreviousData });

export const useUsers = (f: UserFilter) => useQuery(usersQuery(f));
