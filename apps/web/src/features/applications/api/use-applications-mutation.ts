import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A change to applications: the lists are read again, and so is what an approval changes at once
 * (quotas, a job's time limit, a queue's accounts).
 */
export const useApplicationsMutation = <V, R = unknown>(fn: (v: V) => Promise<R>) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['applications'] }),
        qc.invalidateQueries({ queryKey: ['quotas'] }),
        qc.invalidateQueries({ queryKey: ['jobs'] }),
        qc.invalidateQueries({ queryKey: ['queues'] }),
      ]),
  });
};
