import {
  getIndexData,
  getMenus,
  getOnlineUser,
  isHybridService,
  listCluster,
  permissionsOf,
  queryLicenseInfo,
  querySysTime,
  roleName,
} from '@portal/shared';
import type { Config } from '../../config/schema.js';
import type { RouteKit } from '../../http/route-kit.js';
import type { Clock } from '../../lib/time.js';
import type { SessionsService } from '../auth/sessions.service.js';
import type { LicenseService } from '../license/license.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { menusFor } from './menus.service.js';

interface Deps {
  config: Config;
  sessions: SessionsService;
  settings: SettingsService;
  license: LicenseService;
  clock: Clock;
}

export const registerMainRoutes = (kit: RouteKit, d: Deps) => {
  kit.route(getIndexData, async ({ auth, req }) => {
    const s = await d.settings.get();
    return {
      roleId: auth.user.roleId,
      roleName: roleName(auth.user.roleId),
      currentUser: auth.user.userName,
      userNo: auth.user.id,
      goldEnable: d.config.ui.goldEnable,
      refreshInteval: s.refreshInterval,
      systemVersion: d.config.ui.systemVersion,
      systemVersionType: d.config.ui.systemVersionType,
      storageSwitch: d.config.ui.storageSwitch,
      acAccountStatus: 'Normal' as const,
      passwordStrength: s.passwordStrength,
      efileUrl: d.config.ui.efileUrl,
      managerServerIP: req.hostname,
      transfer: d.config.ui.transfer ? ('1' as const) : ('0' as const),
      hybridService: d.config.ui.hybridService,
      permissions: permissionsOf(auth.user.roleId),
      csrfToken: auth.csrfToken,
    };
  });

  kit.route(getMenus, ({ auth, query }) =>
    menusFor(auth.user.roleId, query.lang ?? 'en', undefined, { transfer: d.config.ui.transfer }),
  );

  kit.route(getOnlineUser, async () => ({ userOnline: await d.sessions.onlineUserCount() }));

  kit.route(querySysTime, () => ({ sysTime: new Date(d.clock.now()).toISOString() }));

  kit.publicRoute(isHybridService, () => (d.config.ui.hybridService ? 'true' : 'false'));

  kit.publicRoute(queryLicenseInfo, () => d.license.info());

  kit.route(listCluster, () =>
    d.config.clusters.map((c) => ({
      id: c.id,
      name: c.name,
      JobManagerType: c.scheduler.toUpperCase(),
      JobManagerAddr: c.address,
      JobManagerPort: String(c.port),
    })),
  );
};
