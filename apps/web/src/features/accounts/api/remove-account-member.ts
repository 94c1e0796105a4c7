import { removeAccountMember } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useAccountsMutation } from './use-accounts-mutation';

export const useRemoveAccountMember = () =>
  useAccountsMutation((params: { accountName: string; userName: string }) => api(removeAccountMember, { params }));
