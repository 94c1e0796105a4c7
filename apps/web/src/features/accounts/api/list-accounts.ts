import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listAccounts, type QueryOf } from '@portal/shared';
import { api } from '../../../lib/api-client';

export type AccountFilter = QueryOf<typeof listAccounts>;

export const accountsQuery = (q: AccountFilter) =>
  queryOptions({
    queryKey: ['accounts', 'list', q],
    queryFn: () => api(listAccounts, { query: q }),
    placeholderData: keepPreviousData,
  });

export const useAccounts = (q: AccountFilter) => useQuery(accountsQuery(q));
