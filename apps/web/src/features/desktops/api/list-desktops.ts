import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { listDesktops, type DesktopSession } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { anyStarting, DESKTOPS_POLL_MS } from '../lib/desktop-rows';

export const desktopsQuery = () =>
  queryOptions({ queryKey: ['desktops', 'list'], queryFn: ({ signal }) => api(listDesktops, { signal }) });

/** The caller's desktops and those shared with them; read again every 5 s while one is starting. */
export const useDesktops = () =>
  useQuery({ ...desktopsQuery(), refetchInterval: (q) => (anyStarting(q.state.data?.list) ? DESKTOPS_POLL_MS : false) });

/** Puts a desktop the server answered with (after a share or unshare) into the cached list. */
export const replaceDesktop = (qc: QueryClient, session: DesktopSession) =>
  qc.setQueryData(desktopsQuery().queryKey, (old) =>
    old ? { list: old.list.map((s) => (s.sessionId === session.sessionId ? session : s)) } : old,
  );
