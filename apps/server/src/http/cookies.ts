import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/schema.js';

export const SESSION_COOKIE = 'portal_sid';
/** Readable by the page's script, which echoes it in the X-XSRF-TOKEN header. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CAPTCHA_COOKIE = 'portal_cap';

export const cookieOptions = (req: FastifyRequest, config: Config, httpOnly = true) => ({
  path: '/',
  httpOnly,
  sameSite: 'lax' as const,
  secure: config.server.secureCookies === 'always' || (config.server.secureCookies === 'auto' && req.protocol === 'https'),
});

export const setSessionCookies = (reply: FastifyReply, config: Config, token: string, csrfToken: string) => {
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(reply.request, config));
  reply.setCookie(CSRF_COOKIE, csrfToken, cookieOptions(reply.request, config, false));
};

export const clearSessionCookies = (reply: FastifyReply, config: Config) => {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(reply.request, config));
  reply.clearCookie(CSRF_COOKIE, cookieOptions(reply.request, config, false));
};
