import { addAccountMember } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useAccountsMutation } from './use-accounts-mutation';

export interface NewMember {
  accountName: string;
  userName: string;
  isDefault?: boolean;
}

export const useAddAccountMember = () =>
  useAccountsMutation(({ accountName, ...body }: NewMember) => api(addAccountMember, { params: { accountName }, body }));
