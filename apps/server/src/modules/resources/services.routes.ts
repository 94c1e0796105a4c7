import { servicesStatus } from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { ServicesService } from './services.service.js';

/* The service status groups (docs/services.md). */
export const registerServicesRoutes = (kit: RouteKit, services: ServicesService) => {
  kit.route(servicesStatus, ({ query }) => services.status(query.clusterId, query.refresh ?? false));
};
