import { queryOptions, useQuery } from '@tanstack/react-query';
import { resourcesListNodes } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** The state view, read again every `refreshMs` (the snapshot behind it is shared by every viewer). */
export const nodeListQuery = (clusterId: string | undefined, refreshMs: number) =>
  queryOptions({
    queryKey: ['resources', 'nodes', clusterId ?? ''],
    queryFn: ({ signal }) => api(resourcesListNodes, { query: { clusterId }, signal }),
    refetchInterval: refreshMs,
  });

export const useNodeList = (clusterId: string | undefined, refreshMs: number) => useQuery(nodeListQuery(clusterId, refreshMs));
