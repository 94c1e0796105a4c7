import { useQueries, useQuery } from '@tanstack/react-query';
import { listAccounts, listCluster, listQueues, type ReportScope } from '@portal/shared';
import { api } from '../../lib/api-client';

/*
 * What the report filters offer, from calls every role with reports:read (or bills:read) may
 * already make: the configured clusters (session), the caller's accounts (accounts:read; every
 * account with accounts:readAll), a cluster's queues (jobs:read; a user sees the queues their
 * accounts may use). The server still applies the scope, so a choice never widens what is counted.
 */

/** The configured clusters (the answer the file and application pages cache too). */
export const useClusterChoices = () =>
  useQuery({ queryKey: ['clusters'], queryFn: () => api(listCluster), staleTime: 5 * 60_000 });

/** The caller's own accounts in one answer (the API's largest page); shared with "owns an account". */
const MINE = { scope: 'mine', pageStart: 0, pageLimit: 300 } as const;
/** Every account matching what was typed, for whoever reads every account (a centre may have thousands). */
const ALL_PAGE = 50;

/**
 * Accounts to filter on: under "Everyone" every account (searched on the server as the user types),
 * under "My accounts" those the caller owns, under "Mine" those they belong to.
 */
export const useAccountChoices = (scope: ReportScope, search: string) => {
  const everyone = scope === 'all';
  const query = everyone ? { scope: 'all' as const, pageStart: 0, pageLimit: ALL_PAGE, accountName: search.trim() } : MINE;
  return useQuery({
    queryKey: ['accounts', 'list', query],
    queryFn: async () => (await api(listAccounts, { query })).list,
    select: (list) => list.filter((a) => scope !== 'accounts' || a.isOwner).map((a) => a.accountName),
    staleTime: 30_000,
  });
};

/** The queues of the chosen cluster, or of every cluster when none is chosen, by name. */
export const useQueueChoices = (clusterIds: string[]) =>
  useQueries({
    queries: clusterIds.map((clusterId) => ({
      queryKey: ['jobs', 'queues', clusterId],
      queryFn: ({ signal }: { signal: AbortSignal }) => api(listQueues, { query: { clusterId }, signal }),
      staleTime: 60_000,
    })),
    combine: (results) => [...new Set(results.flatMap((r) => (r.data ?? []).map((q) => q.name)))].sort(),
  });
