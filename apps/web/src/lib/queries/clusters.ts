import { useQuery } from '@tanstack/react-query';
import { listCluster } from '@portal/shared';
import { api } from '../api-client';

/** The configured clusters: one cache entry for every page that offers a choice of cluster. */
export const useClusters = (enabled = true) =>
  useQuery({ queryKey: ['clusters'], queryFn: () => api(listCluster), staleTime: 5 * 60_000, enabled });
