import { useMutation } from '@tanstack/react-query';
import { loginAuth, type LoginAuthBody } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const useLoginAuth = () => useMutation({ mutationFn: (body: LoginAuthBody) => api(loginAuth, { body }) });
