import { useQuery } from '@tanstack/react-query';
import { listQueues } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** The configured clusters (the same answer the file and application pages cache). */
export { useClusters as useClusterChoices } from '../../../lib/queries/clusters';

/** A cluster's queues, as the submit page reads them. */
export const useQueueChoices = (clusterId: string | undefined) =>
  useQuery({
    queryKey: ['jobs', 'queues', clusterId ?? ''],
    queryFn: ({ signal }) => api(listQueues, { query: { clusterId }, signal }),
    staleTime: 60_000,
  });
