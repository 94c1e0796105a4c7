import { unfreezeUser } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useUsersMutation } from './use-users-mutation';

export const useUnfreezeUser = () => useUsersMutation((userName: string) => api(unfreezeUser, { body: { userName } }));
