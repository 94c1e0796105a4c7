import type { FastifyReply, FastifyRequest } from 'fastify';
import { can, ErrCode, type Permission } from '@portal/shared';
import type { Config } from '../config/schema.js';
import { SESSION_COOKIE } from './cookies.js';
import { sendError } from './envelope.js';
import { isSameOrigin, trustedOriginSet } from './origin.js';
import type { RouteKit } from './route-kit.js';

/**
 * The check before a WebSocket upgrade (web shell, desktops): the page's origin, a signed-in user
 * and the permission, answered as plain HTTP errors so the page can tell them apart. Sets req.auth.
 */
export const socketGate = (
  kit: RouteKit,
  server: Pick<Config['server'], 'publicUrl' | 'trustedOrigins'>,
  permission: Permission,
) => {
  const trusted = trustedOriginSet(server);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!isSameOrigin(req.headers.origin, { host: req.headers.host, protocol: req.protocol }, server.publicUrl, trusted)) {
      return sendError(reply, ErrCode.INSUFFICIENT_PERMISSION, 'forbidden', 'Cross-origin WebSocket refused', { status: 403 });
    }
    req.auth = await kit.authenticate(req);
    if (!req.auth) {
      const expired = !!req.cookies[SESSION_COOKIE];
      return sendError(reply, ErrCode.NO_INTERFACE_PERMISSION, expired ? 'sessionExpired' : 'notSignedIn', 'Please sign in', {
        status: 401,
      });
    }
    if (!can(req.auth.user.roleId, permission)) {
      return sendError(reply, ErrCode.INSUFFICIENT_PERMISSION, 'forbidden', 'Permission Denied', { status: 403 });
    }
  };
};
