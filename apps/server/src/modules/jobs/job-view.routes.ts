import {
  listQueues,
  queryChartData,
  queryClusterInfo,
  queryHomePageChartData,
  queryJobInfo,
  queryWallTimeUsed,
} from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { JobViewService } from './job-view.service.js';

export const registerJobViewRoutes = (kit: RouteKit, view: JobViewService) => {
  kit.route(listQueues, ({ query }) => view.queues(query.clusterId));
  kit.route(queryChartData, ({ auth, body }) => view.charts(auth, body.clusterID));
  kit.route(queryHomePageChartData, ({ body }) => view.homePage(body.clusterID));
  kit.route(queryWallTimeUsed, ({ auth }) => view.wallTimeUsed(auth));
  kit.route(queryJobInfo, ({ auth, body }) => view.jobInfo(auth, body.clusterID));
  kit.route(queryClusterInfo, ({ auth, body }) => view.heatMap(auth, body.clusterID));
};
