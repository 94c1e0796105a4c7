import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modifyUserInfo, type ModifyUserInfoBody } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { loginUserQuery } from '../../../lib/queries/login-user';

export const useModifyUserInfo = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ModifyUserInfoBody) => api(modifyUserInfo, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: loginUserQuery().queryKey }),
  });
};
