import { useMutation } from '@tanstack/react-query';
import { modifyPwd, type ModifyPwdBody } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const useModifyPwd = () => useMutation({ mutationFn: (body: ModifyPwdBody) => api(modifyPwd, { body }) });
