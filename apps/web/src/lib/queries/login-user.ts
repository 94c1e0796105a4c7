import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryLoginUser } from '@portal/shared';
import { api } from '../api-client';

/** The signed-in user's personal information; shared by the personal center and the job notices' dialog. */
export const loginUserQuery = () => queryOptions({ queryKey: ['profile', 'loginUser'], queryFn: () => api(queryLoginUser) });

export const useLoginUser = () => useQuery(loginUserQuery());
