import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateSystemSettings, type BodyOf } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { settingsQuery } from './get-settings';

export const useUpdateSettings = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof updateSystemSettings>) => api(updateSystemSettings, { body }),
    onSuccess: async (saved) => {
      qc.setQueryData(settingsQuery().queryKey, saved);
      // The refresh interval and password rule live in the session's index data.
      await qc.invalidateQueries({ queryKey: ['session', 'indexData'] });
    },
  });
};
