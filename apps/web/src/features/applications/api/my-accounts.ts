import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAccounts, queryUserInfo } from '@portal/shared';
import { api } from '../../../lib/api-client';

/**
 * Enough for anyone's own accounts in one answer (the API's largest page). The same cache entry as
 * the submit form's and My accounts' quotas: it holds the list, not the page, everywhere.
 */
const ALL_MINE = { scope: 'mine', pageStart: 0, pageLimit: 300 } as const;

/** The caller's accounts, default first: what an application may be made for. */
export const myAccountsQuery = queryOptions({
  queryKey: ['accounts', 'list', ALL_MINE],
  queryFn: async () => (await api(listAccounts, { query: ALL_MINE })).list,
});

export const useMyAccounts = () => useQuery(myAccountsQuery);

/** The caller's accounts with isOwner (queryUserInfo): an owner reviews their accounts' applications. */
export const useMyUserInfo = () =>
  useQuery({ queryKey: ['accounts', 'userInfo'], queryFn: () => api(queryUserInfo, { body: {} }) });
