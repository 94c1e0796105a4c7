import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkLock } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const checkLockQuery = () =>
  queryOptions({ queryKey: ['auth', 'checkLock'], queryFn: () => api(checkLock, { body: {} }), staleTime: 0 });

/** Whether this browser must solve a captcha before signing in. */
export const useCheckLock = () => useQuery(checkLockQuery());
