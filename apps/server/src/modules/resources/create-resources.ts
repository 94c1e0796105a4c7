import type { Kysely } from 'kysely';
import type { ClusterRegistry } from '../../cluster/registry.js';
import type { Database } from '../../db/types.js';
import type { Clock } from '../../lib/time.js';
import type { Logger } from '../../lib/logger.js';
import { AssetImport } from './asset-import.js';
import { AssetsRepository } from './assets.repository.js';
import { AssetsService } from './assets.service.js';
import { MetricsService } from './metrics.service.js';
import { NodeInventory } from './node-inventory.js';
import { NodesService } from './nodes.service.js';

/** The resources module, wired: the inventory, the nodes kept in step with the schedulers, node power and metrics. */
export const createResources = (d: {
  db: Kysely<Database>;
  clusters: ClusterRegistry;
  masterKey: Buffer;
  clock: Clock;
  log: Logger;
}) => {
  const repo = new AssetsRepository(d.db);
  const inventory = new NodeInventory(repo, d.clusters, d.clock, d.log);
  const importer = new AssetImport(d.db, d.clusters, d.masterKey, d.clock);
  const assets = new AssetsService({ repo, clusters: d.clusters, inventory, importer, masterKey: d.masterKey, clock: d.clock });
  return {
    assets,
    nodes: new NodesService({ clusters: d.clusters, inventory, repo, bmcOf: (c, n) => assets.bmcOf(c, n), log: d.log }),
    metrics: new MetricsService(d.clusters, d.clock),
  };
};
