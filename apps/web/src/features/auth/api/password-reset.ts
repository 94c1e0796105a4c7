import { useMutation } from '@tanstack/react-query';
import { forgotPwd, resetPwd } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const useForgotPassword = () =>
  useMutation({ mutationFn: (body: { userName: string; email: string }) => api(forgotPwd, { body }) });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: { token: string; newPwd: string; verifyCheckNewPwd: string }) => api(resetPwd, { body }),
  });
