import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setQuota, type SetQuotaBody } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** Sets an account's limits or a member's within it; every quota list is read again. */
export const useSetQuota = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SetQuotaBody) => api(setQuota, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['quotas'] }),
  });
};
