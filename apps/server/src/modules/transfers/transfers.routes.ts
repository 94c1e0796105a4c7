import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cancelTransfer, createTransfer, getTransfer, listTransfers, type Contract } from '@portal/shared';
import type { AccessUser } from '../../cluster/access/types.js';
import type { RouteKit } from '../../http/route-kit.js';
import type { Auth } from '../auth/auth.types.js';
import type { FilesService } from '../files/files.service.js';
import type { Services } from '../../services.js';
import { TransfersService } from './transfers.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Across-center transfers running in this process (tests tune its options). */
    transfers: TransfersService;
  }
}

/** The files module's wrapper: audits refused paths and logs failed file operations. */
export type FilesGuard = <T>(contract: Contract, req: FastifyRequest, auth: Auth, fn: () => Promise<T>) => Promise<T>;

const userOf = (auth: Auth): AccessUser => ({ id: auth.user.id, name: auth.user.userName });

/**
 * Across-center transfer routes, registered inside the file service's scope (same session and
 * path rules). Transfers left running by a previous process are failed as interrupted here, and
 * running ones stop when the server closes.
 */
export const registerTransfersRoutes = async (
  root: FastifyInstance,
  kit: RouteKit,
  s: Services,
  files: FilesService,
  guard: FilesGuard,
) => {
  const transfers = new TransfersService({
    db: s.db,
    files,
    clock: s.clock,
    enabled: () => s.config.ui.transfer,
    clusterIds: () => s.config.clusters.map((c) => c.id),
    log: root.log,
  });
  root.decorate('transfers', transfers);
  root.addHook('preClose', () => transfers.close());
  const interrupted = await transfers.recover();
  if (interrupted > 0) root.log.warn({ interrupted }, 'transfers interrupted by the last stop were marked failed');

  kit.route(createTransfer, ({ auth, body, req }) => {
    req.auditInfo.target = `${body.fromClusterId}:${body.paths.join(', ')} -> ${body.toClusterId}:${body.toPath}`;
    return guard(createTransfer, req, auth, () => transfers.create(userOf(auth), body));
  });

  kit.route(listTransfers, ({ auth, query }) => transfers.list(userOf(auth), query.pageStart, query.pageLimit));

  kit.route(getTransfer, ({ auth, params }) => transfers.get(userOf(auth), params.id));

  kit.route(cancelTransfer, ({ auth, params, req }) => {
    req.auditInfo.target = `transfer ${params.id}`;
    return transfers.cancel(userOf(auth), params.id);
  });
};
