import { decideApplication, type DecideApplicationBody } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useApplicationsMutation } from './use-applications-mutation';

export interface Decision extends DecideApplicationBody {
  applicationId: number;
}

export const useDecideApplication = () =>
  useApplicationsMutation(({ applicationId, ...body }: Decision) => api(decideApplication, { params: { applicationId }, body }));
