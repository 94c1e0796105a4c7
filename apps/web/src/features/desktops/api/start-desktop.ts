import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startDesktop, type StartDesktopBody } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { desktopsQuery } from './list-desktops';

/** Starts a desktop; the answer comes once Xvnc is up (a few seconds). */
export const useStartDesktop = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StartDesktopBody) => api(startDesktop, { body }),
    onSettled: () => qc.invalidateQueries({ queryKey: desktopsQuery().queryKey }),
  });
};
