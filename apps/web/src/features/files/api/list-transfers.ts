import { queryOptions, useQuery } from '@tanstack/react-query';
import { listTransfers } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { TRANSFER_POLL_MS, anyActive } from '../transfers/transfer-progress';

/** Transfers shown in the list: the newest page is enough for a person to follow. */
export const TRANSFERS_PAGE_SIZE = 50;

export const transfersQuery = () =>
  queryOptions({
    queryKey: ['transfers', 'list'],
    queryFn: ({ signal }) => api(listTransfers, { query: { pageStart: 0, pageLimit: TRANSFERS_PAGE_SIZE }, signal }),
    // Read again while any is queued or running; quiet once all have finished.
    refetchInterval: (q) => (anyActive(q.state.data?.list ?? []) ? TRANSFER_POLL_MS : false),
  });

/** The user's across-center transfers, newest first (transfers.list). */
export const useTransfers = (enabled = true) => useQuery({ ...transfersQuery(), enabled });
