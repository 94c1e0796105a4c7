import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSystemSettings, updateSystemSettings, type SystemSettings } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const settingsQuery = () => queryOptions({ queryKey: ['config', 'settings'], queryFn: () => api(getSystemSettings) });

export const useSettings = () => useQuery(settingsQuery());

export const useUpdateSettings = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<SystemSettings>) => api(updateSystemSettings, { body }),
    onSuccess: async (saved) => {
      qc.setQueryData(settingsQuery().queryKey, saved);
      // The refresh interval and password rule live in the session's index data.
      await qc.invalidateQueries({ queryKey: ['session', 'indexData'] });
    },
  });
};
