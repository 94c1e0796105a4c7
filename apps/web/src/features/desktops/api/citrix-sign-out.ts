import { useMutation, useQueryClient } from '@tanstack/react-query';
import { citrixSignOut } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { citrixListQuery } from './citrix-list';
import { citrixStatusQuery } from './citrix-status';

/** Signs this portal session out of Citrix StoreFront. */
export const useCitrixSignOut = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api(citrixSignOut),
    onSettled: async () => {
      qc.removeQueries({ queryKey: citrixListQuery().queryKey });
      await qc.invalidateQueries({ queryKey: citrixStatusQuery().queryKey });
    },
  });
};
