import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteKey } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { keysQuery } from './list-keys';

export const useDeleteKey = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(deleteKey, { body: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keysQuery().queryKey }),
  });
};
