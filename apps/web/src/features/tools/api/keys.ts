import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteKey, listKeys } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const keysQuery = () => queryOptions({ queryKey: ['keys'], queryFn: () => api(listKeys) });

export const useKeys = (enabled: boolean) => useQuery({ ...keysQuery(), enabled });

export const useDeleteKey = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(deleteKey, { body: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keysQuery().queryKey }),
  });
};
