import { queryOptions, useQuery } from '@tanstack/react-query';
import { listCitrixDesktops } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const citrixListQuery = () =>
  queryOptions({ queryKey: ['citrix', 'list'], queryFn: ({ signal }) => api(listCitrixDesktops, { signal }) });

/** The published desktops and applications; asked for only once the portal session is signed in to Citrix. */
export const useCitrixList = (signedIn: boolean) => useQuery({ ...citrixListQuery(), enabled: signedIn });
