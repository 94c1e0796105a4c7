import { queryOptions, useQuery } from '@tanstack/react-query';
import { listJobTemplates } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const jobTemplatesQuery = () =>
  queryOptions({
    queryKey: ['jobs', 'templates'],
    queryFn: ({ signal }) => api(listJobTemplates, { signal }),
    staleTime: 5 * 60_000,
  });

export const useJobTemplates = () => useQuery(jobTemplatesQuery());
