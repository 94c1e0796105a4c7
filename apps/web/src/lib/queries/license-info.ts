import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryLicenseInfo } from '@portal/shared';
import { api } from '../api-client';

export const licenseInfoQuery = () =>
  queryOptions({ queryKey: ['license', 'info'], queryFn: () => api(queryLicenseInfo), staleTime: 60_000 });

export const useLicenseInfo = (enabled = true) => useQuery({ ...licenseInfoQuery(), enabled });
