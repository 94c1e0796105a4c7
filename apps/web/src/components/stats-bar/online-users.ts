import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOnlineUser } from '@portal/shared';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

export const onlineUsersQuery = (refreshMs: number) =>
  queryOptions({
    queryKey: ['statistics', 'onlineUsers'],
    queryFn: () => api(getOnlineUser),
    refetchInterval: refreshMs,
  });

/** Online users, refreshed at the configured refresh interval. */
export const useOnlineUsers = () => {
  const { refreshMs } = useSession();
  return useQuery(onlineUsersQuery(refreshMs));
};
