import type { FastifyInstance } from 'fastify';
import { ErrCode } from '@portal/shared';
import type { Config } from '../config/schema.js';
import { sendError } from './envelope.js';
import { refusedOverride, sentMethod } from './method-override.js';
import { crossOriginRefusal, isKnownLoopbackHost, isLoopbackBind, loopbackHostNames, trustedOriginSet } from './origin.js';

const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/**
 * Before any route (and before a body is read): a loopback-bound server answers only to its own
 * names, and an unsafe call made by another origin's page is refused (docs/api.md).
 */
export const registerRequestOriginChecks = (app: FastifyInstance, server: Config['server']) => {
  const trusted = trustedOriginSet(server);
  // Behind a trusted proxy (trustProxy) the proxy's own host names decide what reaches the server.
  const hostNames = isLoopbackBind(server.host) && !server.trustProxy ? loopbackHostNames(server.host, server.publicUrl) : null;
  app.addHook('onRequest', async (req, reply) => {
    if (hostNames && !isKnownLoopbackHost(req.headers.host, hostNames)) {
      req.log.warn({ host: req.headers.host }, 'request for an unknown host name refused');
      return sendError(reply, ErrCode.NO_INTERFACE_PERMISSION, 'unknownHost', 'This server does not answer to this host name', {
        status: 421,
      });
    }
    const refused = refusedOverride(req.raw);
    if (refused !== undefined) {
      return sendError(
        reply,
        ErrCode.PARAM_INVALID,
        'methodOverrideRefused',
        `${req.url.split('?')[0]} cannot be called as ${refused} through POST`,
        {
          status: 405,
        },
      );
    }
    const refusal = crossOriginRefusal(
      {
        // An overridden call came as a POST: unsafe, whatever it reads as now; so is a GET that changes something.
        method: req.routeOptions.config?.changesState ? 'POST' : sentMethod(req.raw),
        host: req.headers.host,
        origin: header(req.headers.origin),
        secFetchSite: header(req.headers['sec-fetch-site']),
      },
      trusted,
    );
    if (refusal !== null) {
      req.log.warn({ path: req.url.split('?')[0], refusal }, 'cross-origin request refused');
      return sendError(reply, ErrCode.NO_INTERFACE_PERMISSION, 'crossOrigin', 'Cross-origin request refused', { status: 403 });
    }
  });
};
