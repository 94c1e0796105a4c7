import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A change to users: every user list and count is read again afterwards. */
export const useUsersMutation = <V>(fn: (v: V) => Promise<unknown>) => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['users'] }) });
};
