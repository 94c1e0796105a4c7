import { checkResetToken, forgotPwd, resetPwd } from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { PasswordResetService } from './password-reset.service.js';

export const registerPasswordResetRoutes = (kit: RouteKit, resets: PasswordResetService) => {
  kit.publicRoute(forgotPwd, async ({ body, req }) => {
    req.auditInfo.userName = body.userName;
    const baseUrl = `${req.protocol}://${req.host}`;
    await resets.request(body.userName, body.email, baseUrl, req.log);
    return {};
  });

  kit.publicRoute(checkResetToken, async ({ query }) => {
    await resets.check(query.token);
    return { valid: true as const };
  });

  kit.publicRoute(resetPwd, async ({ body, req }) => {
    const userName = await resets.reset(body.token, body.newPwd, body.verifyCheckNewPwd);
    req.auditInfo.userName = userName;
    return {};
  });
};
