import type {} from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, openShell, ShellCloseCode } from '@portal/shared';
import type { Config } from '../../config/schema.js';
import { socketGate } from '../../http/socket-gate.js';
import type { RouteKit } from '../../http/route-kit.js';
import { userOf } from '../../lib/auth.js';
import type { ShellService } from './shell.service.js';
import type { WebSocketLike } from '../../http/web-socket.js';

/** Where a shell's terminal travels; not a contract (contracts describe no WebSockets): docs/shell.md. */
export const SHELL_SOCKET_ROUTE = '/eshell/api/sessions/:sessionId/ws';

export interface ShellRoutesDeps {
  shell: ShellService;
  /** The public URL and trusted origins: with a public URL, the Origin must be it or a trusted one. */
  server: Pick<Config['server'], 'publicUrl' | 'trustedOrigins'>;
}

export const registerShellRoutes = (app: FastifyInstance, kit: RouteKit, deps: ShellRoutesDeps) => {
  const { shell } = deps;

  kit.route(openShell, ({ auth, body, req }) => {
    const clusterId = shell.clusterIdOf(body.clusterId);
    // The audit line says where a shell was opened; what is typed in it is never recorded.
    req.auditInfo.target = body.cwd ? `${clusterId}:${body.cwd}` : clusterId;
    return shell.open(userOf(auth), { ...body, clusterId });
  });

  // Everything that decides who may connect happens before the upgrade, as plain HTTP answers.
  const beforeUpgrade = socketGate(kit, deps.server, 'shell:open');

  app.route({
    method: 'GET',
    url: SHELL_SOCKET_ROUTE,
    websocket: true,
    config: { permission: 'shell:open' },
    preValidation: beforeUpgrade,
    handler: (socket: WebSocketLike, req: FastifyRequest) => {
      const auth = req.auth;
      const { sessionId } = req.params as { sessionId: string };
      const offset = Number((req.query as { offset?: string }).offset ?? 0);
      const live = auth ? shell.find(sessionId, auth.user.id) : undefined;
      if (!auth || !live) {
        // Someone else's shell looks exactly like one that does not exist.
        socket.close(ShellCloseCode.notFound, 'no such shell');
        return;
      }
      // Asked at every heartbeat: the same cookie must still hold a session that may open shells.
      live.attach(socket, Number.isFinite(offset) ? offset : 0, async () => {
        const now = await kit.authenticate(req);
        return !!now && now.user.id === auth.user.id && can(now.user.roleId, 'shell:open');
      });
    },
  });
};
