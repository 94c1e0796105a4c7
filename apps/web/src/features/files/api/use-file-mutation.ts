import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A change to files: every folder listing and search is read again once it settles. */
export const useFileMutation = <I, O>(fn: (input: I) => Promise<O>) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: ['files'] }),
  });
};
