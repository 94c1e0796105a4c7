import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryUserInfo } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** The caller's accounts, groups, company and department (spec section 3's user fields). */
export const myUserInfoQuery = queryOptions({
  queryKey: ['accounts', 'userInfo'],
  queryFn: () => api(queryUserInfo, { body: {} }),
});

export const useMyUserInfo = () => useQuery(myUserInfoQuery);
