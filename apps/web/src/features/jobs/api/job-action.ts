import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobAction, type BodyOf, type JobAction } from '@portal/shared';
import { api } from '../../../lib/api-client';

export interface JobActionInput {
  jobId: string;
  action: JobAction;
  body: BodyOf<typeof jobAction>;
}

/** One action on one job; every job list and detail is read again afterwards. */
export const useJobAction = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, action, body }: JobActionInput) => api(jobAction, { params: { jobId, action }, body }),
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: ['jobs'] });
      await qc.invalidateQueries({ queryKey: ['statistics'] });
    },
  });
};
