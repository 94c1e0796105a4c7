import { freezeUser } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useUsersMutation } from './use-users-mutation';

export const useFreezeUser = () => useUsersMutation((userName: string) => api(freezeUser, { body: { userName } }));
