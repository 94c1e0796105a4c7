import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAccounts } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** Enough for anyone's own accounts in one answer (the API's largest page). */
const ALL_MINE = { scope: 'mine', pageStart: 0, pageLimit: 300 } as const;

/**
 * All the caller's accounts, default first, as a plain list. The jobs and applications features
 * cache the same list under the same key: it must hold the same shape (the list, not the page).
 */
export const allMyAccountsQuery = queryOptions({
  queryKey: ['accounts', 'list', ALL_MINE],
  queryFn: async () => (await api(listAccounts, { query: ALL_MINE })).list,
});

export const useAllMyAccounts = () => useQuery(allMyAccountsQuery);
