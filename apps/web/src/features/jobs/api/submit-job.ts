import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submitJob, type BodyOf } from '@portal/shared';
import { api } from '../../../lib/api-client';

export type SubmitJobInput = BodyOf<typeof submitJob>;

/** Submits a batch job as the signed-in user; answers its id. */
export const useSubmitJob = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitJobInput) => api(submitJob, { body }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['jobs', 'list'] });
      await qc.invalidateQueries({ queryKey: ['statistics'] });
      // The job now counts against the quota and holds cores: the estimate is asked again.
      await qc.invalidateQueries({ queryKey: ['jobs', 'preview'] });
    },
  });
};
