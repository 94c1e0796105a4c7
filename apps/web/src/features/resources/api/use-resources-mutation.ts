import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A change to the inventory or to nodes' power: the inventory, the statistic and the state view are read again. */
export const useResourcesMutation = <V, R = unknown>(fn: (v: V) => Promise<R>) => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['resources'] }) });
};
