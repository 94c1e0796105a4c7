import { checkCodeRegister, checkUserIsExist, registerUser } from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { RegistrationService } from './registration.service.js';

export const registerRegistrationRoutes = (kit: RouteKit, registration: RegistrationService) => {
  kit.publicRoute(checkUserIsExist, async ({ body }) => ({ exist: await registration.userExists(body.userName) }));

  kit.publicRoute(checkCodeRegister, async ({ body }) => {
    await registration.checkCode(body.rand, body.code);
    return { valid: true as const };
  });

  kit.publicRoute(registerUser, async ({ body, req }) => {
    req.auditInfo.userName = body.userName;
    req.auditInfo.target = body.userName;
    await registration.register(body);
    return { userName: body.userName, status: 'pending' as const };
  });
};
