import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createTransfer, type BodyOf } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** Starts an across-center transfer (transfers.create); the list is read again afterwards. */
export const useCreateTransfer = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NonNullable<BodyOf<typeof createTransfer>>) => api(createTransfer, { body }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['transfers'] }),
  });
};
