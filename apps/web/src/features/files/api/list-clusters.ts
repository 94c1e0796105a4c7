import { useQuery } from '@tanstack/react-query';
import { listCluster } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** The configured clusters; the file manager shows the first unless its address names another. */
export const useClusters = (enabled = true) =>
  useQuery({ queryKey: ['clusters'], queryFn: () => api(listCluster), staleTime: 5 * 60_000, enabled });
