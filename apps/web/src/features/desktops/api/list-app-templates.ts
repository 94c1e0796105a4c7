import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAppTemplates } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** The applications (administrators: all of them, with their commands). */
export const appTemplatesQuery = () =>
  queryOptions({
    queryKey: ['desktops', 'apps'],
    queryFn: async ({ signal }) => (await api(listAppTemplates, { signal })).list,
    staleTime: 5 * 60_000,
  });

export const useAppTemplates = () => useQuery(appTemplatesQuery());
