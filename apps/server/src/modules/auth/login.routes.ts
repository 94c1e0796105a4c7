import {
  authCodeImage,
  checkLock,
  loginAuth,
  logout,
  queryLoginConfig,
  queryPwdStrength,
  querySystemVersionType,
} from '@portal/shared';
import type { Config } from '../../config/schema.js';
import { CAPTCHA_COOKIE, clearSessionCookies, cookieOptions, SESSION_COOKIE, setSessionCookies } from '../../http/cookies.js';
import type { RouteKit } from '../../http/route-kit.js';
import { randomToken } from '../../lib/crypto.js';
import type { CaptchaService } from './captcha.service.js';
import type { LoginPageService } from './login-page.service.js';
import type { LoginService } from './login.service.js';
import type { SessionsService } from './sessions.service.js';
import type { ThrottleService } from './throttle.service.js';

interface Deps {
  config: Config;
  login: LoginService;
  sessions: SessionsService;
  throttle: ThrottleService;
  captcha: CaptchaService;
  loginPage: LoginPageService;
}

export const registerLoginRoutes = (kit: RouteKit, d: Deps) => {
  kit.publicRoute(loginAuth, async ({ body, req, reply }) => {
    req.auditInfo.userName = body.strUserName;
    const capCookie = req.cookies[CAPTCHA_COOKIE];
    const result = await d.login.login({
      userName: body.strUserName,
      password: body.strPassword,
      authCode: body.authCode,
      captchaKey: capCookie ? `cookie:${capCookie}` : undefined,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? '',
    });
    req.auditInfo.roleId = result.roleId;
    setSessionCookies(reply, d.config, result.token, result.csrfToken);
    const { token: _token, ...data } = result;
    return data;
  });

  kit.publicRoute(checkLock, async ({ body, req }) => {
    const lock = body.strUserName ? await d.throttle.lockState(body.strUserName) : { locked: false, unlockInSeconds: 0 };
    return { ...lock, needAuthCode: await d.throttle.needsCaptcha(body.strUserName, req.ip) };
  });

  kit.publicRoute(authCodeImage, async ({ query, req, reply }) => {
    let key: string;
    if (query.rand) key = `rand:${query.rand}`;
    else {
      let cookie = req.cookies[CAPTCHA_COOKIE];
      if (!cookie || !/^[A-Za-z0-9_-]{16,64}$/.test(cookie)) {
        cookie = randomToken(18);
        reply.setCookie(CAPTCHA_COOKIE, cookie, cookieOptions(req, d.config));
      }
      key = `cookie:${cookie}`;
    }
    const svg = await d.captcha.create(key);
    return reply.header('cache-control', 'no-store').type('image/svg+xml').send(svg);
  });

  kit.publicRoute(logout, async ({ req, reply }) => {
    const token = req.cookies[SESSION_COOKIE];
    if (token) await d.sessions.destroy(token);
    clearSessionCookies(reply, d.config);
    return {};
  });

  kit.publicRoute(queryPwdStrength, async () => ({ passwordStrength: await d.loginPage.passwordStrength() }));

  kit.publicRoute(querySystemVersionType, () => ({ systemVersionType: d.loginPage.systemVersionType() }));

  kit.publicRoute(queryLoginConfig, () => d.loginPage.loginConfig());
};
