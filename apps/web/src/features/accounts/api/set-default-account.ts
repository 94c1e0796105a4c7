import { setDefaultAccount } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useAccountsMutation } from './use-accounts-mutation';

export const useSetDefaultAccount = () =>
  useAccountsMutation((accountName: string) => api(setDefaultAccount, { params: { accountName } }));
