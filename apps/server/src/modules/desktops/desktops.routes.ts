import type {} from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  appConfig,
  deleteDesktop,
  DesktopCloseCode,
  desktopLog,
  desktopNativeAccess,
  desktopTicket,
  ErrCode,
  listAppSessions,
  listAppTemplates,
  listDesktops,
  queryDesktopClusters,
  shareDesktop,
  startDesktop,
  unshareDesktop,
  updateAppTemplate,
} from '@portal/shared';
import type { Config } from '../../config/schema.js';
import { requestAuditEvent } from '../../http/audit-event.js';
import type { RouteKit } from '../../http/route-kit.js';
import { socketGate } from '../../http/socket-gate.js';
import type { WebSocketLike } from '../../http/web-socket.js';
import type { AuditWriter } from '../../lib/audit.js';
import { userOf } from '../../lib/auth.js';
import type { Clock } from '../../lib/time.js';
import type { DesktopConnections } from './desktop-connections.js';
import { DesktopReader, pipeDesktop } from './desktop-proxy.js';
import type { DesktopSharingService } from './desktop-sharing.service.js';
import type { DesktopsService } from './desktops.service.js';
import { createRfbInputFilter } from './rfb-input-filter.js';

/** Where noVNC connects; not a contract (contracts describe no WebSockets): docs/desktops.md. */
export const DESKTOP_SOCKET_ROUTE = '/desktopandapp/api/vncs/:sessionId/ws';

export interface DesktopRoutesDeps {
  desktops: DesktopsService;
  sharing: DesktopSharingService;
  connections: DesktopConnections;
  audit: AuditWriter;
  clock: Clock;
  server: Pick<Config['server'], 'publicUrl' | 'trustedOrigins'>;
}

export const registerDesktopRoutes = (app: FastifyInstance, kit: RouteKit, d: DesktopRoutesDeps) => {
  const { desktops, sharing } = d;
  kit.route(listDesktops, async ({ auth }) => ({ list: await desktops.list(userOf(auth)) }));
  kit.route(startDesktop, async ({ auth, body, req }) => {
    const session = await desktops.start(auth, body);
    req.auditInfo.target = `${session.clusterId}:${session.sessionId}`;
    return session;
  });
  kit.route(deleteDesktop, async ({ auth, params, req }) => {
    req.auditInfo.target = params.sessionId;
    await desktops.delete(userOf(auth), params.sessionId);
    return {};
  });
  kit.route(listAppTemplates, async ({ auth }) => ({ list: await desktops.appTemplates(auth) }));
  kit.route(listAppSessions, async ({ auth, query }) => ({ list: await desktops.appSessions(userOf(auth), query) }));
  kit.route(appConfig, ({ auth, query }) => desktops.appConfig(auth, query.appId));
  kit.route(queryDesktopClusters, () => desktops.clusters());
  kit.route(updateAppTemplate, ({ params, body, req }) => {
    req.auditInfo.target = `${params.appId} ${body.enabled ? 'enabled' : 'disabled'}`;
    return desktops.updateAppTemplate(params.appId, body.enabled, body.command);
  });
  kit.route(desktopLog, ({ auth, params }) => desktops.log(userOf(auth), params.sessionId));
  kit.route(desktopTicket, ({ auth, params }) => sharing.ticket(userOf(auth), params.sessionId));
  kit.route(desktopNativeAccess, ({ auth, params }) => sharing.native(userOf(auth), params.sessionId));
  kit.route(shareDesktop, ({ auth, params, body, req }) => {
    req.auditInfo.target = `${params.sessionId} ${body.userName} ${body.viewMode}`;
    return sharing.share(userOf(auth), params.sessionId, body.userName, body.viewMode);
  });
  kit.route(unshareDesktop, ({ auth, params, req }) => {
    req.auditInfo.target = `${params.sessionId} ${params.userName}`;
    return sharing.unshare(userOf(auth), params.sessionId, params.userName);
  });

  const audit = (req: FastifyRequest, result: 'success' | 'failure', target: string) =>
    d.audit.write(
      requestAuditEvent(req, d.clock.now(), {
        action: 'desktops.connect',
        result,
        errCode: result === 'success' ? ErrCode.SUCCESS : ErrCode.INSUFFICIENT_PERMISSION,
        target,
      }),
      req.log,
    );

  app.route({
    method: 'GET',
    url: DESKTOP_SOCKET_ROUTE,
    websocket: true,
    config: { permission: 'desktops:use' },
    preValidation: socketGate(kit, d.server, 'desktops:use'),
    handler: async (socket: WebSocketLike, req: FastifyRequest) => {
      const auth = req.auth;
      const { sessionId } = req.params as { sessionId: string };
      const query = req.query as Record<string, unknown>;
      // The proxy opens only what a ticket names: an address in the URL is someone probing.
      const ticket = typeof query.ticket === 'string' ? query.ticket : '';
      const probing = Object.keys(query).some((k) => k !== 'ticket');
      const target = auth && !probing ? await sharing.target(auth.user.id, sessionId, ticket) : undefined;
      if (!auth || !target) {
        await audit(req, 'failure', `${sessionId} ${probing ? 'address in the URL' : 'ticket refused'}`);
        socket.close(DesktopCloseCode.ticketRefused, 'ticket refused');
        return;
      }
      const reader = new DesktopReader(socket);
      let stream;
      try {
        stream = await target.open(reader);
      } catch (err) {
        req.log.warn({ err, sessionId }, 'a desktop could not be reached');
        socket.close(DesktopCloseCode.unreachable, 'the desktop cannot be reached');
        return;
      }
      await audit(req, 'success', `${sessionId} ${target.viewMode}`);
      const filter = createRfbInputFilter({ viewOnly: target.viewMode === 'observation' });
      let close = (_code: number, _reason: string) => {};
      const remove = d.connections.add(sessionId, {
        userId: auth.user.id,
        userName: auth.user.userName,
        viewMode: target.viewMode,
        close: (code, reason) => close(code, reason),
      });
      close = pipeDesktop(socket, stream, reader, filter, remove);
    },
  });
};
