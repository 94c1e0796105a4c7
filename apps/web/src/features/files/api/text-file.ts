import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readTextFile, writeTextFile } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** A text file for the editor; never cached, the editor always starts from what is on disk. */
export const textFileQuery = (path: string) =>
  queryOptions({
    queryKey: ['files', 'text', path],
    queryFn: ({ signal }) => api(readTextFile, { query: { path }, signal }),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });

export const useTextFile = (path: string) => useQuery(textFileQuery(path));

/** Saves a text file; `mtime` makes the server refuse when the file changed in the meantime. */
export const useSaveTextFile = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { path: string; content: string; mtime?: string }) => api(writeTextFile, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['files', 'list'] }),
  });
};
