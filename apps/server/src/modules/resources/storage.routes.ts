import { sharedStorageMetrics, storageNodes, storageSystems } from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { StorageService } from './storage.service.js';

/* Parallel and shared storage (docs/storage.md). */
export const registerStorageRoutes = (kit: RouteKit, storage: StorageService) => {
  kit.route(storageSystems, ({ query }) => storage.systems(query));
  kit.route(storageNodes, ({ query }) => storage.nodes(query.clusterId));
  kit.route(sharedStorageMetrics, ({ query }) => storage.shared(query.clusterId));
};
