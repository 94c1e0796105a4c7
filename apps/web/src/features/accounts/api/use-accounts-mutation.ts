import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A change to accounts: account lists, details and the caller's info are read again, and so are the
 * organisation's counts, the user list's default account and the session's account status.
 */
export const useAccountsMutation = <V, R = unknown>(fn: (v: V) => Promise<R>) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['accounts'] }),
        qc.invalidateQueries({ queryKey: ['org'] }),
        qc.invalidateQueries({ queryKey: ['users'] }),
        qc.invalidateQueries({ queryKey: ['session', 'indexData'] }),
      ]),
  });
};
