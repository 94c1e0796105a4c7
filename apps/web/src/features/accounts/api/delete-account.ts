import { deleteAccount } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useAccountsMutation } from './use-accounts-mutation';

export const useDeleteAccount = () =>
  useAccountsMutation((accountName: string) => api(deleteAccount, { params: { accountName } }));
