import {
  approveUser,
  freezeUser,
  modifyUser,
  provisionUser,
  queryPendingUserInfo,
  queryUser,
  refuseUser,
  setTemporaryPassword,
  unfreezeUser,
} from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { TemporaryPasswordService } from './temporary-password.service.js';
import type { UsersService } from './users.service.js';

export const registerUsersRoutes = (kit: RouteKit, users: UsersService, temporaryPasswords: TemporaryPasswordService) => {
  kit.route(queryPendingUserInfo, ({ body }) =>
    users.listPending(body.userName, { offset: body.pageStart, limit: body.pageLimit }),
  );

  kit.route(approveUser, async ({ auth, body, req }) => {
    req.auditInfo.target = body.userNames.join(',');
    return { approved: await users.approve(auth, body.userNames, body.roleId) };
  });

  kit.route(refuseUser, async ({ body, req }) => {
    req.auditInfo.target = body.userNames.join(',');
    return { refused: await users.refuse(body.userNames, body.reason) };
  });

  kit.route(queryUser, ({ body }) =>
    users.list(
      { userName: body.userName, roleId: body.roleId, status: body.status },
      { offset: body.pageStart, limit: body.pageLimit },
      { by: body.sort, order: body.order },
    ),
  );

  kit.route(modifyUser, async ({ auth, body, req }) => {
    req.auditInfo.target = body.userName;
    await users.modify(auth, body);
    return {};
  });

  kit.route(freezeUser, async ({ auth, body, req }) => {
    req.auditInfo.target = body.userName;
    await users.freeze(auth, body.userName);
    return {};
  });

  kit.route(unfreezeUser, async ({ body, req }) => {
    req.auditInfo.target = body.userName;
    await users.unfreeze(body.userName);
    return {};
  });

  // The audit line names the user, never the password (the audit records no request body).
  kit.route(setTemporaryPassword, async ({ auth, body, req }) => {
    req.auditInfo.target = body.userName;
    await temporaryPasswords.set(auth, body);
    return {};
  });

  kit.route(provisionUser, async ({ body, req }) => {
    req.auditInfo.target = body.userName;
    return { failedClusters: await users.reprovision(body.userName) };
  });
};
