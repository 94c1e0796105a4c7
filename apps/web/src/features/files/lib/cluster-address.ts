/*
 * Addresses that name a cluster. The cluster E-File shows lives in the window's address
 * (`?cluster=<id>`), so a reload or a bookmark opens the same cluster; no parameter, or an id no
 * longer configured, means the first.
 */

export const CLUSTER_PARAM = 'cluster';

/** The cluster id the address asks for, or null. */
export const clusterParam = (search: string): string | null => new URLSearchParams(search).get(CLUSTER_PARAM) || null;

/** The address's query with the cluster set; every other parameter stays as it was. */
export const withClusterParam = (search: string, id: string): string => {
  const q = new URLSearchParams(search);
  q.set(CLUSTER_PARAM, id);
  return `?${q.toString()}`;
};

/** The cluster asked for when it is configured, else the first one (undefined: none known yet). */
export const pickCluster = <C extends { id: string }>(clusters: readonly C[], wanted: string | null): C | undefined =>
  clusters.find((c) => c.id === wanted) ?? clusters[0];
