import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A change to queues: the queue list and the submission form's queues are read again. */
export const useQueuesMutation = <V, R = unknown>(fn: (v: V) => Promise<R>) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: ['queues'] }), qc.invalidateQueries({ queryKey: ['jobs', 'queues'] })]),
  });
};
