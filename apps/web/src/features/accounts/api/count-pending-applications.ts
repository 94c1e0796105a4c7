import { useQuery } from '@tanstack/react-query';
import { listApplications } from '@portal/shared';
import { api } from '../../../lib/api-client';

const PENDING_MINE = { scope: 'mine', state: 'Pending', pageStart: 0, pageLimit: 1 } as const;

/**
 * How many of the caller's applications wait for a decision (My accounts links to them). The page
 * is cached as the Applications page caches its lists (['applications', 'list', query]).
 */
export const usePendingApplicationCount = (enabled: boolean) =>
  useQuery({
    queryKey: ['applications', 'list', PENDING_MINE],
    queryFn: ({ signal }) => api(listApplications, { query: PENDING_MINE, signal }),
    select: (page) => page.total,
    enabled,
  });
