import {
  resourcesCreateAsset,
  resourcesDeleteAsset,
  resourcesImportAssets,
  resourcesListAssets,
  resourcesListNodes,
  resourcesListRacks,
  resourcesModifyAsset,
  resourcesPowerNodes,
  resourcesReadPower,
  resourcesStatistic,
} from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { AssetsService } from './assets.service.js';
import type { NodesService } from './nodes.service.js';

/* /resource/api/... and the statistic (docs/resources.md). */
export const registerResourcesRoutes = (kit: RouteKit, r: { assets: AssetsService; nodes: NodesService }) => {
  kit.route(resourcesListAssets, ({ query }) => {
    const { pageStart, pageLimit, ...filter } = query;
    return r.assets.list(filter, { pageStart, pageLimit });
  });
  kit.route(resourcesCreateAsset, ({ body, req }) => {
    req.auditInfo.target = `${body.type} ${body.name}`;
    return r.assets.create(body);
  });
  kit.route(resourcesModifyAsset, ({ params, body, req }) => {
    // Which fields, never their values: the BMC password must not reach the audit log.
    req.auditInfo.target = `${body.type} ${body.name}${body.ipmiPassword !== undefined ? ' (BMC password changed)' : ''}`;
    return r.assets.modify(params.id, body);
  });
  kit.route(resourcesDeleteAsset, async ({ params, req }) => {
    req.auditInfo.target = await r.assets.delete(params.id);
    return {};
  });
  kit.route(resourcesImportAssets, async ({ body, req }) => {
    const report = await r.assets.importCsv(body.csv, body.dryRun);
    req.auditInfo.target = `${report.dryRun ? 'check' : 'import'} ${report.total} rows: ${report.created} added, ${report.updated} changed, ${report.refused.length} refused`;
    return report;
  });
  kit.route(resourcesListRacks, async ({ query }) => ({ list: await r.assets.racks(query.room) }));
  kit.route(resourcesStatistic, () => r.assets.statistic());
  kit.route(resourcesListNodes, ({ query }) => r.nodes.list(query.clusterId));
  kit.route(resourcesReadPower, async ({ body }) => ({ list: await r.nodes.readPower(body.clusterId, body.nodes) }));
  kit.route(resourcesPowerNodes, async ({ auth, body, req }) => {
    req.auditInfo.target = `${body.action}${body.drain ? ' (drain first)' : ''} ${body.nodes.join(',')}`;
    const list = await r.nodes.act(body.clusterId, body.nodes, body.action, body.drain, auth.user.userName);
    const failed = list.filter((x) => x.error);
    if (failed.length > 0) req.auditInfo.target += ` failed: ${failed.map((x) => x.node).join(',')}`;
    return { list };
  });
};
