import { useMutation } from '@tanstack/react-query';
import { forgotPwd, type BodyOf } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const useForgotPassword = () => useMutation({ mutationFn: (body: BodyOf<typeof forgotPwd>) => api(forgotPwd, { body }) });
