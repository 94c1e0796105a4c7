import { useQuery } from '@tanstack/react-query';
import { listCluster } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** The clusters a desktop may start on (the same cache entry as the file manager's). */
export const useClusters = () => useQuery({ queryKey: ['clusters'], queryFn: () => api(listCluster), staleTime: 5 * 60_000 });
