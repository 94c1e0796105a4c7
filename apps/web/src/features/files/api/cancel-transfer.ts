import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelTransfer } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** Stops a queued or running transfer (transfers.cancel). */
export const useCancelTransfer = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(cancelTransfer, { params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['transfers'] }),
  });
};
