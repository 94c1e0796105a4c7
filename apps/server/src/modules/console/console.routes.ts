import {
  getIndexData,
  getMenus,
  getOnlineUser,
  isHybridService,
  listCluster,
  queryLicenseInfo,
  querySysTime,
} from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { ConsoleService } from './console.service.js';

export const registerConsoleRoutes = (kit: RouteKit, console: ConsoleService) => {
  kit.route(getIndexData, ({ auth, req }) => console.indexData(auth, req.hostname));
  kit.route(getMenus, ({ auth, query }) => console.menus(auth, query.lang ?? 'en'));
  kit.route(getOnlineUser, () => console.onlineUsers());
  kit.route(querySysTime, () => console.systemTime());
  kit.publicRoute(isHybridService, () => console.isHybrid());
  kit.publicRoute(queryLicenseInfo, ({ auth }) => console.licenseInfo(auth !== null));
  kit.route(listCluster, () => console.clusters());
};
