import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listJobs, type JobState, type QueryOf } from '@portal/shared';
import { api } from '../../../lib/api-client';

export type JobsFilter = QueryOf<typeof listJobs>;

/** How often a list or a job is re-read while a job on it is exiting: its end shows within a second or two. */
export const TRANSIENT_REFRESH_MS = 1000;

/**
 * A page of current or history jobs; `refreshMs` re-reads it (current jobs follow the scheduler),
 * and so does every second while a job on it is exiting.
 */
export const jobsQuery = (f: JobsFilter, refreshMs?: number) =>
  queryOptions({
    queryKey: ['jobs', 'list', f],
    queryFn: ({ signal }) => api(listJobs, { query: f, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      refreshMs && q.state.data?.list.some((j) => isTransient(j.jobStatus)) ? TRANSIENT_REFRESH_MS : (refreshMs ?? false),
  });

/** A state that lasts only moments: exiting (E). */
export const isTransient = (state: JobState) => state === 'E';

export const useJobs = (f: JobsFilter, refreshMs?: number) => useQuery(jobsQuery(f, refreshMs));
