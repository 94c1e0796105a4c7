import { queryOptions, useQuery } from '@tanstack/react-query';
import { desktopLog } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const desktopLogQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['desktops', 'log', sessionId],
    queryFn: ({ signal }) => api(desktopLog, { params: { sessionId }, signal }),
    // The log grows while the desktop runs: each opening reads it again.
    staleTime: 0,
  });

/** The end of a desktop's VNC log (at most DESKTOP_LOG_MAX_BYTES). */
export const useDesktopLog = (sessionId: string) => useQuery(desktopLogQuery(sessionId));
