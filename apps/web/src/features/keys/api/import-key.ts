import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importKey, type ImportKeyBody } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const useImportKey = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportKeyBody) => api(importKey, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['keys'] }),
  });
};
