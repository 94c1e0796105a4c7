import { useQuery } from '@tanstack/react-query';
import { desktopNativeAccess } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** The ssh tunnel and TigerVNC file for opening a desktop in a native viewer (owner, running). */
export const useDesktopNativeAccess = (sessionId: string) =>
  useQuery({
    queryKey: ['desktops', 'native', sessionId],
    queryFn: ({ signal }) => api(desktopNativeAccess, { params: { sessionId }, signal }),
    // It holds the desktop's password: not kept once the dialog closes.
    gcTime: 0,
    retry: false,
  });
