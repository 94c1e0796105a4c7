import { useQuery } from '@tanstack/react-query';
import { listCluster } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** The configured clusters; the first is the one the file manager shows. */
export const useClusters = (enabled = true) =>
  useQuery({ queryKey: ['clusters'], queryFn: () => api(listCluster), staleTime: 5 * 60_000, enabled });
