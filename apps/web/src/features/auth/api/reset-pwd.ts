import { useMutation, useQuery } from '@tanstack/react-query';
import { checkResetToken, resetPwd, type BodyOf } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const useResetPassword = () => useMutation({ mutationFn: (body: BodyOf<typeof resetPwd>) => api(resetPwd, { body }) });

/** Whether the link from the mail can still be used, asked once when the page opens. */
export const useResetTokenCheck = (token: string) =>
  useQuery({
    queryKey: ['resetToken', token],
    queryFn: () => api(checkResetToken, { query: { token } }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
