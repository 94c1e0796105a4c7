import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobBatchAction, type BodyOf, type JobAction } from '@portal/shared';
import { api } from '../../../lib/api-client';

export interface JobBatchInput {
  action: JobAction;
  body: BodyOf<typeof jobBatchAction>;
}

/** One action on many jobs; answers what happened to each. */
export const useJobBatchAction = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: JobBatchInput) => api(jobBatchAction, { params: { action }, body }),
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: ['jobs'] });
      await qc.invalidateQueries({ queryKey: ['statistics'] });
    },
  });
};
