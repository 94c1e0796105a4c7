import { createUserAuthToken, ErrCode, getEfileUrl, redeemUserAuthToken } from '@portal/shared';
import type { Config } from '../../config/schema.js';
import { setSessionCookies } from '../../http/cookies.js';
import type { RouteKit } from '../../http/route-kit.js';
import { AppError } from '../../lib/app-error.js';
import type { UserAuthTokensService } from './user-auth-tokens.service.js';

/** Where the web app serves its own file manager. */
export const BUILT_IN_EFILE_PATH = '/efile';

/** Spec section 7: opening the file service in its own window, signed in as the same user. */
export const registerFileTokenRoutes = (kit: RouteKit, tokens: UserAuthTokensService, config: Config) => {
  kit.route(createUserAuthToken, async ({ auth }) => ({ token: await tokens.create(auth.user.id) }));

  kit.publicRoute(redeemUserAuthToken, async ({ body, req, reply }) => {
    // JSON only: a form on another site could otherwise post an attacker's token and sign the
    // victim's window in as the attacker (login CSRF); a cross-site JSON post needs CORS, which
    // the portal does not grant.
    if (!String(req.headers['content-type'] ?? '').startsWith('application/json'))
      throw new AppError(ErrCode.PARAM_INVALID, 'validation', 'Send the token as JSON', { status: 415 });
    const signedIn = await tokens.signIn(body.token, req.ip, req.headers['user-agent'] ?? '');
    req.auditInfo.userName = signedIn.userName;
    req.auditInfo.roleId = signedIn.roleId;
    setSessionCookies(reply, config, signedIn.session.token, signedIn.session.csrfToken);
    return { userName: signedIn.userName };
  });

  kit.route(getEfileUrl, () => config.ui.efileUrl || BUILT_IN_EFILE_PATH);
};
