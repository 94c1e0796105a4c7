import {
  listQueues,
  queryChartData,
  queryClusterInfo,
  queryHomePageChartData,
  queryJobInfo,
  queryWallTimeUsed,
} from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { JobChartsService } from './job-charts.service.js';

export const registerJobChartsRoutes = (kit: RouteKit, charts: JobChartsService) => {
  kit.route(listQueues, ({ auth, query }) => charts.queues(auth, query.clusterId));
  kit.route(queryChartData, ({ auth, body }) => charts.charts(auth, body.clusterID));
  kit.route(queryHomePageChartData, ({ body }) => charts.homePage(body.clusterID));
  kit.route(queryWallTimeUsed, ({ auth }) => charts.wallTimeUsed(auth));
  kit.route(queryJobInfo, ({ auth, body }) => charts.jobInfo(auth, body.clusterID));
  kit.route(queryClusterInfo, ({ auth, body }) => charts.heatMap(auth, body.clusterID));
};
