import { queryOptions, useQuery } from '@tanstack/react-query';
import { citrixStatus } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const citrixStatusQuery = () =>
  queryOptions({ queryKey: ['citrix', 'status'], queryFn: ({ signal }) => api(citrixStatus, { signal }) });

/** Whether Citrix is offered, and whether this portal session is signed in to StoreFront. */
export const useCitrixStatus = () => useQuery(citrixStatusQuery());
