import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAccounts, queryClusterInfo } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** What the queue form offers: the cluster's nodes and the portal's accounts. */
export const queueChoicesQuery = () =>
  queryOptions({
    queryKey: ['queues', 'choices'],
    queryFn: async ({ signal }) => {
      const [cluster, accounts] = await Promise.all([
        api(queryClusterInfo, { body: {}, signal }),
        api(listAccounts, { query: { scope: 'all', pageStart: 0, pageLimit: 300, sort: 'accountName', orderBy: 'asc' }, signal }),
      ]);
      return { nodes: cluster.nodes.map((n) => n.name), accounts: accounts.list.map((a) => a.accountName) };
    },
  });

export const useQueueChoices = () => useQuery(queueChoicesQuery());
