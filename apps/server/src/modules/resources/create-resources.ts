import type { Kysely } from 'kysely';
import type { ClusterRegistry } from '../../cluster/registry.js';
import type { Database } from '../../db/types.js';
import type { Config } from '../../config/schema.js';
import type { Clock } from '../../lib/time.js';
import type { Logger } from '../../lib/logger.js';
import { AssetImport } from './asset-import.js';
import { AssetsRepository } from './assets.repository.js';
import { AssetsService } from './assets.service.js';
import { publishAssetTargets } from './asset-targets.js';
import { AvailabilityMonitor } from './availability.js';
import { MetricsService } from './metrics.service.js';
import { NodeHealth } from './node-health.js';
import { NodeInventory } from './node-inventory.js';
import { NodesService } from './nodes.service.js';
import { ServicesService } from './services.service.js';
import { StorageService } from './storage.service.js';

/** The resources module, wired: the inventory, the nodes kept in step with the schedulers, node power, metrics, service checks and storage. */
export const createResources = (d: {
  db: Kysely<Database>;
  clusters: ClusterRegistry;
  masterKey: Buffer;
  clock: Clock;
  log: Logger;
  availability: Config['availability'];
  /** Whether the portal's database answers (the user-auth service's check). */
  pingDatabase: () => Promise<boolean>;
}) => {
  const repo = new AssetsRepository(d.db);
  const inventory = new NodeInventory(repo, d.clusters, d.clock, d.log);
  const importer = new AssetImport(d.db, d.clusters, d.masterKey, d.clock);
  const availability = new AvailabilityMonitor(repo, d.availability, d.clock, d.log, (rows) =>
    publishAssetTargets(d.clusters, rows),
  );
  const assets = new AssetsService({
    repo,
    clusters: d.clusters,
    inventory,
    importer,
    masterKey: d.masterKey,
    clock: d.clock,
    availability,
  });
  return {
    assets,
    availability,
    nodes: new NodesService({
      clusters: d.clusters,
      inventory,
      repo,
      bmcOf: (c, n) => assets.bmcOf(c, n),
      health: new NodeHealth(d.clock, d.log),
      log: d.log,
    }),
    metrics: new MetricsService(d.clusters, d.clock),
    services: new ServicesService(d.clusters, d.pingDatabase, d.clock),
    storage: new StorageService(d.clusters, d.clock),
  };
};
