import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAccount } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const accountQuery = (accountName: string) =>
  queryOptions({ queryKey: ['accounts', 'detail', accountName], queryFn: () => api(getAccount, { params: { accountName } }) });

/** One account with its members (nothing asked while no account is chosen). */
export const useAccount = (accountName: string | null) =>
  useQuery({ ...accountQuery(accountName ?? ''), enabled: !!accountName });
