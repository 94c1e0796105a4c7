import { approveUser, type BodyOf } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useUsersMutation } from './use-users-mutation';

export const useApproveUsers = () => useUsersMutation((body: BodyOf<typeof approveUser>) => api(approveUser, { body }));
