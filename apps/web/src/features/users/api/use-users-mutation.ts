import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A change to users: every user list and count is read again afterwards. */
export const useUsersMutation = <V, R = unknown>(fn: (v: V) => Promise<R>) => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['users'] }) });
};
