import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAccounts } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** Enough for anyone's own accounts in one answer (the API's largest page). */
const ALL_MINE = { scope: 'mine', pageStart: 0, pageLimit: 300 } as const;

/** The caller's accounts, default first: what a desktop job can be charged to (the job form's cache entry). */
export const myAccountsQuery = queryOptions({
  queryKey: ['accounts', 'list', ALL_MINE],
  queryFn: async () => (await api(listAccounts, { query: ALL_MINE })).list,
});

export const useMyAccounts = (enabled: boolean) => useQuery({ ...myAccountsQuery, enabled });
