import { createAccount, type CreateAccountBody } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useAccountsMutation } from './use-accounts-mutation';

export const useCreateAccount = () => useAccountsMutation((body: CreateAccountBody) => api(createAccount, { body }));
