import { checkCodeRegister, checkUserIsExist, registerUser } from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { RegistrationService } from './registration.service.js';

export const registerRegistrationRoutes = (kit: RouteKit, registration: RegistrationService) => {
  kit.publicRoute(checkUserIsExist, async ({ body, req }) => ({ exist: await registration.lookUpUser(body.userName, req.ip) }));

  kit.publicRoute(checkCodeRegister, async ({ body, req }) => {
    await registration.checkCode(body.rand, body.code, req.ip);
    return { valid: true as const };
  });

  kit.publicRoute(registerUser, async ({ body, req }) => {
    req.auditInfo.userName = body.userName;
    req.auditInfo.target = body.userName;
    await registration.register(body, req.ip);
    return { userName: body.userName, status: 'pending' as const };
  });
};
