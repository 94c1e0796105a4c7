import { isIP } from 'node:net';
import type { ClusterRegistry } from '../../cluster/registry.js';
import type { AssetAddresses } from './assets.repository.js';

/*
 * Scrape targets from the inventory (clusters[].metrics.fromAssets, docs/metrics.md): every asset
 * of the cluster with the configured address gets its exporter scraped, named as the asset, so a
 * node added to the inventory has metrics without a change to portal.yaml. Assets of no cluster
 * belong to the first (default) one, as the asset pages show them.
 */

/** What a metric resource may be called (clusters[].metrics.targets[].resource). */
const RESOURCE_NAME = /^[A-Za-z0-9._-]{1,64}$/;

export const hostInUrl = (address: string): string => (isIP(address) === 6 ? `[${address}]` : address);

/** Gives each cluster that takes targets from assets the ones its assets name now. */
export const publishAssetTargets = (clusters: ClusterRegistry, rows: readonly AssetAddresses[]): void => {
  const defaultId = clusters.get().config.id;
  for (const c of clusters.all()) {
    const from = c.config.metrics.fromAssets;
    if (!from.enabled) continue;
    const targets = rows.flatMap((r) => {
      const clusterId = r.cluster_id === '' ? defaultId : r.cluster_id;
      const address = from.address === 'manage' ? r.manage_ip : r.compute_ip;
      if (clusterId !== c.config.id || address === null || !RESOURCE_NAME.test(r.name)) return [];
      return [{ resource: r.name, url: `http://${hostInUrl(address)}:${from.port}${from.path}` }];
    });
    c.metrics.setDiscoveredTargets(targets);
  }
};
