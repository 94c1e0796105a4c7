import { modifyPwd, modifyUserInfo, queryLoginUser } from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { ProfileService } from './profile.service.js';

export const registerProfileRoutes = (kit: RouteKit, profile: ProfileService) => {
  kit.route(queryLoginUser, ({ auth }) => profile.get(auth));
  kit.route(modifyUserInfo, async ({ auth, body }) => {
    await profile.modifyInfo(auth, body);
    return {};
  });
  kit.route(modifyPwd, async ({ auth, body }) => {
    await profile.modifyPassword(auth, body);
    return {};
  });
};
