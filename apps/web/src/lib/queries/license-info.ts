import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryLicenseInfo } from '@portal/shared';
import { api } from '../api-client';
import { useSession } from '../session';

/** Keyed by who asks: a signed-in caller also gets the clusters' real node count, an anonymous one does not. */
export const licenseInfoQuery = (signedIn = false) =>
  queryOptions({ queryKey: ['license', 'info', signedIn], queryFn: () => api(queryLicenseInfo), staleTime: 60_000 });

export const useLicenseInfo = (enabled = true) => {
  const { indexData } = useSession();
  return useQuery({ ...licenseInfoQuery(indexData !== null), enabled });
};
