import { healthz } from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { HealthService } from './health.service.js';

export const registerHealthRoutes = (kit: RouteKit, health: HealthService) => {
  kit.publicRoute(healthz, () => health.check());
};
