import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listApplications, type QueryOf } from '@portal/shared';
import { api } from '../../../lib/api-client';

export type ApplicationFilter = QueryOf<typeof listApplications>;

export const applicationsQuery = (q: ApplicationFilter) =>
  queryOptions({
    queryKey: ['applications', 'list', q],
    queryFn: ({ signal }) => api(listApplications, { query: q, signal }),
    placeholderData: keepPreviousData,
  });

/** The caller's applications (mine) or those they may decide or have decided (review), newest first. */
export const useApplications = (q: ApplicationFilter, enabled = true) => useQuery({ ...applicationsQuery(q), enabled });
