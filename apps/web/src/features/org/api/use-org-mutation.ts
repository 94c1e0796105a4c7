import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A change to the organisation: the tree, and the names accounts and users show, are read again. */
export const useOrgMutation = <V, R = unknown>(fn: (v: V) => Promise<R>) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['org'] }),
        qc.invalidateQueries({ queryKey: ['accounts'] }),
        qc.invalidateQueries({ queryKey: ['users'] }),
      ]),
  });
};
