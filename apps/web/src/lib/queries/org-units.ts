import { queryOptions, useQuery } from '@tanstack/react-query';
import { listOrgUnits } from '@portal/shared';
import { api } from '../api-client';

/** Every company and department (a flat list of the tree): the org page, the department pickers. */
export const orgUnitsQuery = queryOptions({
  queryKey: ['org', 'units'],
  queryFn: async () => (await api(listOrgUnits)).list,
  staleTime: 30_000,
});

export const useOrgUnits = (enabled = true) => useQuery({ ...orgUnitsQuery, enabled });
