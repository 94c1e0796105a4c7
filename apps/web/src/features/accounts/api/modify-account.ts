import { modifyAccount, type ModifyAccountBody } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useAccountsMutation } from './use-accounts-mutation';

export interface AccountChange {
  accountName: string;
  change: ModifyAccountBody;
}

export const useModifyAccount = () =>
  useAccountsMutation(({ accountName, change }: AccountChange) => api(modifyAccount, { params: { accountName }, body: change }));
