/* What other modules may use of resources: nothing yet (alarms and metrics will read the inventory here). */
export { AssetsService } from './assets.service.js';
export { NodesService } from './nodes.service.js';
export { MetricsService } from './metrics.service.js';
export { ServicesService } from './services.service.js';
export { StorageService } from './storage.service.js';
