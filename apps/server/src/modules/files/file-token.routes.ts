import { createUserAuthToken, ErrCode, getEfileUrl, normalizeRoleId, redeemUserAuthToken } from '@portal/shared';
import { setSessionCookies } from '../../http/cookies.js';
import type { RouteKit } from '../../http/route-kit.js';
import { AppError } from '../../lib/app-error.js';
import type { Services } from '../../services.js';
import type { UserAuthTokensService } from './user-auth-tokens.service.js';

/** Where the web app serves its own file manager. */
export const BUILT_IN_EFILE_PATH = '/efile';

/** Spec section 7: opening the file service in its own window, signed in as the same user. */
export const registerFileTokenRoutes = (kit: RouteKit, s: Services, tokens: UserAuthTokensService) => {
  kit.route(createUserAuthToken, async ({ auth }) => ({ token: await tokens.create(auth.user.id) }));

  kit.publicRoute(redeemUserAuthToken, async ({ body, req, reply }) => {
    // JSON only: a form on another site could otherwise post an attacker's token and sign the
    // victim's window in as the attacker (login CSRF); a cross-site JSON post needs CORS, which
    // the portal does not grant.
    if (!String(req.headers['content-type'] ?? '').startsWith('application/json'))
      throw new AppError(ErrCode.PARAM_INVALID, 'validation', 'Send the token as JSON', { status: 415 });
    const userId = await tokens.redeem(body.token);
    const user = await s.usersRepo.findById(userId);
    if (user?.status !== 'active')
      throw new AppError(ErrCode.USER_FROZEN, 'userFrozen', 'The account has been deactivated and cannot be operated.');
    req.auditInfo.userName = user.user_name;
    req.auditInfo.roleId = normalizeRoleId(user.role_id);
    // The same kind of session a sign-in makes: its own cookie and CSRF token.
    const session = await s.sessions.create(user.id, req.ip, req.headers['user-agent'] ?? '');
    setSessionCookies(reply, s.config, session.token, session.csrfToken);
    return { userName: user.user_name };
  });

  kit.route(getEfileUrl, () => s.config.ui.efileUrl || BUILT_IN_EFILE_PATH);
};
