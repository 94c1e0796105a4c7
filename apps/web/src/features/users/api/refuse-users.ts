import { refuseUser, type BodyOf } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useUsersMutation } from './use-users-mutation';

export const useRefuseUsers = () => useUsersMutation((body: BodyOf<typeof refuseUser>) => api(refuseUser, { body }));
