import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { modifyUserInfo, queryLoginUser, type ModifyUserInfoBody } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const loginUserQuery = () => queryOptions({ queryKey: ['profile', 'loginUser'], queryFn: () => api(queryLoginUser) });

export const useLoginUser = () => useQuery(loginUserQuery());

export const useModifyUserInfo = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ModifyUserInfoBody) => api(modifyUserInfo, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: loginUserQuery().queryKey }),
  });
};
