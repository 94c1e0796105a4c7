import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { storageNodes, storageSystems } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** A cluster's storage systems with their series over the last `rangeMs`, read again every `refreshMs`. */
export const storageSystemsQuery = (clusterId: string | undefined, rangeMs: number, refreshMs: number) =>
  queryOptions({
    queryKey: ['resources', 'storage', clusterId ?? '', rangeMs],
    // The range asked travels with the answer: the charts span what was asked, however late they draw.
    queryFn: async ({ signal }) => {
      const to = Date.now();
      const from = to - rangeMs;
      const list = await api(storageSystems, {
        query: { clusterId, startTime: new Date(from).toISOString(), endTime: new Date(to).toISOString() },
        signal,
      });
      return { list, from, to };
    },
    refetchInterval: refreshMs,
    // Another range keeps the last charts on screen until its own arrive.
    placeholderData: keepPreviousData,
  });

export const useStorageSystems = (clusterId: string | undefined, rangeMs: number, refreshMs: number) =>
  useQuery(storageSystemsQuery(clusterId, rangeMs, refreshMs));

/** The ParaStor node list: every storage server with its state. */
export const useStorageNodes = (clusterId: string | undefined, refreshMs: number) =>
  useQuery({
    queryKey: ['resources', 'storage-nodes', clusterId ?? ''],
    queryFn: ({ signal }) => api(storageNodes, { query: { clusterId, partName: 'PARASTORNODE' }, signal }),
    refetchInterval: refreshMs,
  });
