import { useMutation, useQueryClient } from '@tanstack/react-query';
import { citrixSignIn } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { citrixListQuery } from './citrix-list';
import { citrixStatusQuery } from './citrix-status';

/** Signs this portal session in to Citrix StoreFront with the user's Citrix password; the list follows. */
export const useCitrixSignIn = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api(citrixSignIn, { body: { password } }),
    onSuccess: async (state) => {
      qc.setQueryData(citrixStatusQuery().queryKey, state);
      await qc.resetQueries({ queryKey: citrixListQuery().queryKey });
    },
  });
};
