import { queryOptions, useQuery } from '@tanstack/react-query';
import { searchFiles } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** Names containing `text` below `path` on a cluster, recursively; nothing is asked for an empty text. */
export const searchQuery = (clusterId: string | undefined, path: string, text: string) =>
  queryOptions({
    queryKey: ['files', 'search', clusterId, path, text],
    queryFn: ({ signal }) => api(searchFiles, { query: { clusterId, path, text }, signal }),
    enabled: text.trim() !== '',
    staleTime: 30_000,
  });

export const useSearchFiles = (clusterId: string | undefined, path: string, text: string) =>
  useQuery(searchQuery(clusterId, path, text));
