import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAccounts } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** Enough for anyone's own accounts in one answer (the API's largest page). */
const ALL_MINE = { scope: 'mine', pageStart: 0, pageLimit: 300 } as const;

/** Whether the caller owns (is PI of) any account: "My accounts" is offered only then. */
const ownsAccountQuery = queryOptions({
  queryKey: ['accounts', 'list', ALL_MINE],
  queryFn: async () => (await api(listAccounts, { query: ALL_MINE })).list,
  select: (list) => list.some((a) => a.isOwner),
});

export const useOwnsAccount = () => useQuery(ownsAccountQuery);
