import { queryOptions, useQuery } from '@tanstack/react-query';
import { searchFiles } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** Names containing `text` below `path`, recursively; nothing is asked for an empty text. */
export const searchQuery = (path: string, text: string) =>
  queryOptions({
    queryKey: ['files', 'search', path, text],
    queryFn: ({ signal }) => api(searchFiles, { query: { path, text }, signal }),
    enabled: text.trim() !== '',
    staleTime: 30_000,
  });

export const useSearchFiles = (path: string, text: string) => useQuery(searchQuery(path, text));
