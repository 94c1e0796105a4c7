import {
  alarmAggregationCreate,
  alarmAggregationDelete,
  alarmAggregationDeleteCheck,
  alarmAggregationList,
  alarmAggregationMembers,
  alarmAggregationMetrics,
  alarmAggregationModify,
  alarmAggregationSort,
} from '@portal/shared';
import type { RouteKit } from '../../../http/route-kit.js';
import type { AggregationService } from './aggregation.service.js';

/* /am_ma/api/aggregationalarm/aggregationalarmrule and its companions (spec section 7; docs/alarms.md "Aggregation"). */
export const registerAggregationRoutes = (kit: RouteKit, aggregation: AggregationService) => {
  kit.route(alarmAggregationList, async () => ({ list: await aggregation.list() }));
  kit.route(alarmAggregationCreate, ({ body, auth, req }) => {
    req.auditInfo.target = `aggregate rule ${body.name}: ${body.metrics.join(', ')}`;
    return aggregation.create(body, auth.user.userName);
  });
  kit.route(alarmAggregationModify, ({ body, auth, req }) => {
    const { id, ...fields } = body;
    req.auditInfo.target = `aggregate rule ${id} ${body.name}${body.enabled ? '' : ' (disabled)'}`;
    return aggregation.modify(id, fields, auth.user.userName);
  });
  kit.route(alarmAggregationDelete, async ({ query, req }) => {
    req.auditInfo.target = (await aggregation.delete(query.ids)).join(', ');
    return {};
  });
  kit.route(alarmAggregationSort, async ({ body, req }) => {
    req.auditInfo.target = body.ids.join(', ');
    await aggregation.sort(body.ids);
    return {};
  });
  kit.route(alarmAggregationDeleteCheck, async ({ query }) => ({ openAlarms: await aggregation.deleteCheck(query.ids) }));
  kit.route(alarmAggregationMetrics, ({ query }) => ({ list: aggregation.metrics(query.resourceType) }));
  kit.route(alarmAggregationMembers, async ({ query }) => ({ list: await aggregation.members(query.id) }));
};
