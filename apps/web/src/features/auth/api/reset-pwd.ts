import { useMutation } from '@tanstack/react-query';
import { resetPwd, type BodyOf } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const useResetPassword = () => useMutation({ mutationFn: (body: BodyOf<typeof resetPwd>) => api(resetPwd, { body }) });
