import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryLoginConfig } from '@portal/shared';
import { api } from '../api-client';

/** Branding and what the sign-in page offers; shared by sign-in, registration and the about dialog. */
export const loginConfigQuery = () =>
  queryOptions({ queryKey: ['loginConfig'], queryFn: () => api(queryLoginConfig), staleTime: 5 * 60_000 });

export const useLoginConfig = () => useQuery(loginConfigQuery());
