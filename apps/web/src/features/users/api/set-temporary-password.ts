import { setTemporaryPassword, type SetTemporaryPasswordBody } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useUsersMutation } from './use-users-mutation';

export const useSetTemporaryPassword = () =>
  useUsersMutation((body: SetTemporaryPasswordBody) => api(setTemporaryPassword, { body }));
