import { getSystemSettings, updateSystemSettings } from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { SettingsService } from './settings.service.js';

export const registerSettingsRoutes = (kit: RouteKit, settings: SettingsService) => {
  kit.route(getSystemSettings, () => settings.get());
  kit.route(updateSystemSettings, ({ body, req }) => {
    req.auditInfo.target = Object.keys(body).join(',');
    return settings.update(body);
  });
};
