import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shareDesktop, type BodyOf } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { replaceDesktop } from './list-desktops';

/** Shares a running desktop with a user, or changes that user's mode. */
export const useShareDesktop = (sessionId: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof shareDesktop>) => api(shareDesktop, { params: { sessionId }, body }),
    onSuccess: (session) => replaceDesktop(qc, session),
  });
};
