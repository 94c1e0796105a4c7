import { useQuery } from '@tanstack/react-query';
import { metricsCatalogue } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** The metrics the portal knows, to filter the alarms by indicator (the roles that read alarms read them too). */
export const useIndicatorChoices = () =>
  useQuery({
    queryKey: ['alarms', 'indicatorChoices'],
    queryFn: async ({ signal }) => (await api(metricsCatalogue, { query: {}, signal })).list,
    staleTime: 5 * 60_000,
  });
