import { queryOptions, useQuery } from '@tanstack/react-query';
import { listQuotas, type QueryOf } from '@portal/shared';
import { api } from '../../../lib/api-client';

export type QuotaFilter = QueryOf<typeof listQuotas>;

export const quotasQuery = (q: QuotaFilter) =>
  queryOptions({
    queryKey: ['quotas', 'list', q],
    queryFn: ({ signal }) => api(listQuotas, { query: q, signal }),
  });

/** Quotas with what is used and reserved (nothing asked while `enabled` is false). */
export const useQuotas = (q: QuotaFilter, enabled = true) => useQuery({ ...quotasQuery(q), enabled });

/**
 * One account's quotas (its own, and its members' as far as the caller may read them), one list
 * shared by the members drawer and the quota dialog; `quotaOf('')` is the account's own. No
 * previous account's data stands in while another is read: a dialog filled from it would save
 * the wrong limits.
 */
export const useAccountQuotas = (accountName: string | null, readAll: boolean, enabled = true) => {
  const list = useQuotas(
    { scope: readAll ? 'all' : 'mine', accountName: accountName ?? '', pageStart: 0, pageLimit: 300 },
    enabled && !!accountName,
  );
  const quotaOf = (userName: string) => list.data?.list.find((q) => q.accountName === accountName && q.userName === userName);
  return { ...list, quotaOf };
};
