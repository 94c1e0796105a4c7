import { createQueue, deleteQueue, listQueueManagement, modifyQueue, patchQueue } from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { QueuesService } from './queues.service.js';

/* /jm_queuemanagement/api/queues (spec section 7: POST, method overridable; docs/queues.md). */
export const registerQueuesRoutes = (kit: RouteKit, queues: QueuesService) => {
  kit.route(listQueueManagement, ({ auth, query }) => queues.list(auth, query.clusterId));
  kit.route(createQueue, ({ auth, body, req }) => {
    const { name, clusterId, ...settings } = body;
    req.auditInfo.target = `${name} nodes ${settings.nodes.join(',')} accounts ${String(settings.allowAccounts)}`;
    return queues.create(auth, clusterId, name, settings);
  });
  kit.route(modifyQueue, ({ auth, params, body, req }) => {
    const { clusterId, ...settings } = body;
    req.auditInfo.target = `${params.name} nodes ${settings.nodes.join(',')} accounts ${String(settings.allowAccounts)}`;
    return queues.modify(auth, clusterId, params.name, settings);
  });
  kit.route(patchQueue, ({ auth, params, body, req }) => {
    const { clusterId, ...patch } = body;
    req.auditInfo.target = `${params.name} ${Object.keys(patch).join(',')}`;
    return queues.patch(auth, clusterId, params.name, patch);
  });
  kit.route(deleteQueue, async ({ params, query, req }) => {
    req.auditInfo.target = params.name;
    await queues.delete(query.clusterId, params.name);
    return {};
  });
};
