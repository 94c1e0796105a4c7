import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteDesktop } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { desktopsQuery } from './list-desktops';

export const useDeleteDesktop = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api(deleteDesktop, { params: { sessionId } }),
    onSettled: () => qc.invalidateQueries({ queryKey: desktopsQuery().queryKey }),
  });
};
