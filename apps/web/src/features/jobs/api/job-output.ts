import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobOutput, type QueryOf } from '@portal/shared';
import { ApiError, api, contractUrl, downloadFile } from '../../../lib/api-client';

export type OutputQuery = QueryOf<typeof jobOutput>;

/** How often to ask again while the server says a job that should have output has none yet. */
const NOT_YET_MS = 5000;

/** The server found no output file (yet). */
export const isNoOutput = (err: unknown) => err instanceof ApiError && err.reason === 'noOutput';

/**
 * A job's standard output or error: the last `tailBytes`, or the whole file (refused when too
 * large). `state` is part of the key: a job that changes state is read again.
 */
export const jobOutputQuery = (jobId: string, q: OutputQuery, state?: string) =>
  queryOptions({
    queryKey: ['jobs', 'output', jobId, q, state ?? ''],
    queryFn: ({ signal }) => api(jobOutput, { params: { jobId }, query: q, signal }),
    staleTime: 0,
  });

/**
 * Output of a job in a state that has some. `refreshMs`: re-read it while the job still writes it.
 * A job that has just started may not have its file yet, or the server may still count it as
 * queued: then it is asked again every few seconds.
 */
export const useJobOutput = (jobId: string, q: OutputQuery, opts: { state: string; refreshMs?: number }) =>
  useQuery({
    ...jobOutputQuery(jobId, q, opts.state),
    refetchInterval: (query) => (isNoOutput(query.state.error) ? NOT_YET_MS : (opts.refreshMs ?? false)),
  });

/** The whole file, downloaded by the browser under the server's file name. */
export const downloadJobOutput = (jobId: string, q: Omit<OutputQuery, 'download' | 'tailBytes'>) =>
  downloadFile(contractUrl(jobOutput, { params: { jobId }, query: { ...q, download: '1' } }));
