import { metricsCatalogue, metricsHistory } from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { MetricsService } from './metrics.service.js';

/* The metric catalogue and the backtrack's series (docs/metrics.md). */
export const registerMetricsRoutes = (kit: RouteKit, metrics: MetricsService) => {
  kit.route(metricsCatalogue, ({ query }) => metrics.catalogue(query.clusterId));
  kit.route(metricsHistory, ({ body }) => metrics.history(body));
};
