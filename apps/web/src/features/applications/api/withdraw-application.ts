import { withdrawApplication } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useApplicationsMutation } from './use-applications-mutation';

export const useWithdrawApplication = () =>
  useApplicationsMutation((applicationId: number) => api(withdrawApplication, { params: { applicationId } }));
