import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listJobs, type QueryOf } from '@portal/shared';
import { api } from '../../../lib/api-client';

export type JobsFilter = QueryOf<typeof listJobs>;

/** A page of current or history jobs; `refreshMs` re-reads it (current jobs follow the scheduler). */
export const jobsQuery = (f: JobsFilter, refreshMs?: number) =>
  queryOptions({
    queryKey: ['jobs', 'list', f],
    queryFn: ({ signal }) => api(listJobs, { query: f, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs ?? false,
  });

export const useJobs = (f: JobsFilter, refreshMs?: number) => useQuery(jobsQuery(f, refreshMs));
