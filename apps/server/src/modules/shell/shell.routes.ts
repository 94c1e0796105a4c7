import type {} from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, ErrCode, openShell, ShellCloseCode } from '@portal/shared';
import type { ClusterAccess } from '../../cluster/access/types.js';
import { SESSION_COOKIE } from '../../http/cookies.js';
import { sendError } from '../../http/envelope.js';
import type { RouteKit } from '../../http/route-kit.js';
import type { SessionsService } from '../auth/sessions.service.js';
import type { Clusters } from '../jobs/clusters.js';
import { viaFiles } from '../files/file-errors.js';
import { isSameOrigin } from './origin.js';
import { checkShellCwd } from './shell-cwd.js';
import type { ShellRegistry } from './shell-registry.js';
import type { ShellSocket } from './shell-socket.js';

/** Where a shell's terminal travels; not a contract (contracts describe no WebSockets): docs/shell.md. */
export const SHELL_SOCKET_ROUTE = '/eshell/api/sessions/:sessionId/ws';

/** One cluster as the shell sees it. */
export interface ShellTarget {
  clusterId: string;
  clusterName: string;
  access: ClusterAccess;
  /** Root templates of the cluster's config ('~', '/scratch/{user}'): where a shell may start. */
  roots: readonly string[];
}

export interface ShellDeps {
  registry: ShellRegistry;
  sessions: SessionsService;
  clusters: Clusters;
  accessFor: (clusterId: string) => ClusterAccess;
  /** Configured public URL: an Origin that matches it is this portal's too. */
  publicUrl?: string | undefined;
}

/** The cluster by id, the first one when none is given; 404 for an unknown id. */
const targetOf = (deps: ShellDeps, clusterId: string | undefined): ShellTarget => {
  const c = deps.clusters.get(clusterId).config;
  return { clusterId: c.id, clusterName: c.name, access: deps.accessFor(c.id), roots: c.access.roots };
};

export const registerShellRoutes = (app: FastifyInstance, kit: RouteKit, deps: ShellDeps) => {
  const { registry, sessions } = deps;

  kit.route(openShell, async ({ auth, body, req }) => {
    const target = targetOf(deps, body.clusterId);
    const user = { id: auth.user.id, name: auth.user.userName };
    // The audit line says where a shell was opened; what is typed in it is never recorded.
    req.auditInfo.target = body.cwd ? `${target.clusterId}:${body.cwd}` : target.clusterId;
    const cwd = body.cwd ? await checkShellCwd(target.access, user, target.roots, body.cwd) : undefined;
    return registry.open(user.id, { clusterId: target.clusterId, clusterName: target.clusterName, userName: user.name }, () =>
      viaFiles(() => target.access.shell(user, { cols: body.cols, rows: body.rows, ...(cwd ? { cwd } : {}) })),
    );
  });

  // Everything that decides who may connect happens before the upgrade, as plain HTTP answers.
  const beforeUpgrade = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!isSameOrigin(req.headers.origin, req.headers.host, deps.publicUrl)) {
      return sendError(reply, ErrCode.INSUFFICIENT_PERMISSION, 'forbidden', 'Cross-origin WebSocket refused', { status: 403 });
    }
    const token = req.cookies[SESSION_COOKIE];
    req.auth = token ? await sessions.resolve(token) : null;
    if (!req.auth) {
      return sendError(reply, ErrCode.NO_INTERFACE_PERMISSION, token ? 'sessionExpired' : 'notSignedIn', 'Please sign in', {
        status: 401,
      });
    }
    if (!can(req.auth.user.roleId, 'shell:open')) {
      return sendError(reply, ErrCode.INSUFFICIENT_PERMISSION, 'forbidden', 'Permission Denied', { status: 403 });
    }
  };

  app.route({
    method: 'GET',
    url: SHELL_SOCKET_ROUTE,
    websocket: true,
    config: { permission: 'shell:open' },
    preValidation: beforeUpgrade,
    handler: (socket: ShellSocket, req: FastifyRequest) => {
      const auth = req.auth;
      const { sessionId } = req.params as { sessionId: string };
      const offset = Number((req.query as { offset?: string }).offset ?? 0);
      const shell = auth ? registry.get(sessionId, auth.user.id) : undefined;
      if (!auth || !shell) {
        // Someone else's shell looks exactly like one that does not exist.
        socket.close(ShellCloseCode.notFound, 'no such shell');
        return;
      }
      const token = req.cookies[SESSION_COOKIE] ?? '';
      shell.attach(socket, Number.isFinite(offset) ? offset : 0, async () => {
        const now = await sessions.resolve(token);
        return !!now && now.user.id === auth.user.id && can(now.user.roleId, 'shell:open');
      });
    },
  });
};
