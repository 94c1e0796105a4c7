import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryLoginUser } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const loginUserQuery = () => queryOptions({ queryKey: ['profile', 'loginUser'], queryFn: () => api(queryLoginUser) });

export const useLoginUser = () => useQuery(loginUserQuery());
