import { useCallback, useState } from 'react';
import { useClusters } from '../api/list-clusters';
import { clusterParam, pickCluster, withClusterParam } from '../lib/cluster-address';

/**
 * Which cluster the file manager shows: the one the address names (`?cluster=`), else the first.
 * Choosing another replaces the address in place, like going to a folder, which adds no history
 * entry either; the window's history is not a file manager's.
 */
export const useClusterChoice = () => {
  const clusters = useClusters();
  const [wanted, setWanted] = useState(() => clusterParam(window.location.search));
  const list = clusters.data ?? [];
  const cluster = pickCluster(list, wanted);

  const choose = useCallback((id: string) => {
    setWanted(id);
    const { pathname, search, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${withClusterParam(search, id)}${hash}`);
  }, []);

  return {
    clusters: list,
    cluster,
    /** undefined while the list is read, or when it could not be (the server then uses the first). */
    clusterId: cluster?.id,
    /** False until the cluster to show is known: nothing is listed before, so no cluster is read twice. */
    ready: !clusters.isPending,
    choose,
  };
};
