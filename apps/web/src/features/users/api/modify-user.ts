import { modifyUser, type BodyOf } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useUsersMutation } from './use-users-mutation';

export type UserChange = BodyOf<typeof modifyUser>;

export const useModifyUser = () => useUsersMutation((body: UserChange) => api(modifyUser, { body }));
