import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unshareDesktop } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { replaceDesktop } from './list-desktops';

/** Revokes a share: the server disconnects that user at once. */
export const useUnshareDesktop = (sessionId: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userName: string) => api(unshareDesktop, { params: { sessionId, userName } }),
    onSuccess: (session) => replaceDesktop(qc, session),
  });
};
