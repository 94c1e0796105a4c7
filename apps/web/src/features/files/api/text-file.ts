import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readTextFile, writeTextFile } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** A text file for the editor; never cached, the editor always starts from what is on disk. */
export const textFileQuery = (clusterId: string | undefined, path: string) =>
  queryOptions({
    queryKey: ['files', 'text', clusterId, path],
    queryFn: ({ signal }) => api(readTextFile, { query: { clusterId, path }, signal }),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });

export const useTextFile = (clusterId: string | undefined, path: string) => useQuery(textFileQuery(clusterId, path));

/** Saves a text file; `mtime` makes the server refuse when the file changed in the meantime. */
export const useSaveTextFile = (clusterId: string | undefined) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { path: string; content: string; mtime?: string }) => api(writeTextFile, { body: { clusterId, ...body } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['files', 'list'] }),
  });
};
