import { cancelTransfer, createTransfer, getTransfer, listTransfers } from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import { userOf } from '../../lib/auth.js';
import type { TransfersService } from './transfers.service.js';

/**
 * Across-center transfer routes. Paths are checked by the file service's rules on both clusters;
 * a path outside the user's folders is audited by the route kit, like every file route.
 */
export const registerTransfersRoutes = (kit: RouteKit, transfers: TransfersService) => {
  kit.route(createTransfer, ({ auth, body, req }) => {
    req.auditInfo.target = `${body.fromClusterId}:${body.paths.join(', ')} -> ${body.toClusterId}:${body.toPath}`;
    return transfers.create(userOf(auth), body);
  });

  kit.route(listTransfers, ({ auth, query }) => transfers.list(userOf(auth), query.pageStart, query.pageLimit));

  kit.route(getTransfer, ({ auth, params }) => transfers.get(userOf(auth), params.id));

  kit.route(cancelTransfer, ({ auth, params, req }) => {
    req.auditInfo.target = `transfer ${params.id}`;
    return transfers.cancel(userOf(auth), params.id);
  });
};
