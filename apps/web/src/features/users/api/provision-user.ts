import { provisionUser } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useUsersMutation } from './use-users-mutation';

/** Installs the user's account and keys on every cluster again; answers the clusters that failed. */
export const useProvisionUser = () => useUsersMutation((userName: string) => api(provisionUser, { body: { userName } }));
