import {
  alarmsActive,
  alarmsAll,
  alarmsConfirm,
  alarmsDetails,
  alarmsHistory,
  alarmsSeverityCount,
  alarmsUnconfirm,
  alarmsCount,
  alarmsTrend,
  alarmsCountByMetric,
  alarmsTopResources,
  alarmsSystemTime,
  type ContractParsed,
} from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { AlarmsService } from './alarms.service.js';
import type { AlarmOverviewService } from './alarm-overview.service.js';

/* /am_ma/api/aggregationalarmmanage/... and queryAlarmDetails.action (spec section 7; docs/alarms.md). */
export const registerAlarmsRoutes = (kit: RouteKit, alarms: AlarmsService, overview: AlarmOverviewService) => {
  const filterOf = (q: ContractParsed<typeof alarmsActive>['query']) => ({
    clusterId: q.clusterId,
    severities: q.severity,
    resourceType: q.resourceType,
    metric: q.metric,
    confirmed: q.confirm === undefined ? undefined : q.confirm === 'confirmed',
    keyword: q.keyword,
    from: q.startTime?.getTime(),
    to: q.endTime?.getTime(),
  });
  const pageOf = (q: { pageStart: number; pageLimit: number }) => ({ pageStart: q.pageStart, pageLimit: q.pageLimit });
  kit.route(alarmsActive, ({ query }) => alarms.list('active', filterOf(query), pageOf(query)));
  kit.route(alarmsHistory, ({ query }) => alarms.list('history', filterOf(query), pageOf(query)));
  kit.route(alarmsAll, ({ query }) => alarms.list('all', filterOf(query), pageOf(query)));
  kit.route(alarmsSeverityCount, ({ query }) => alarms.severityCount(query.clusterId));
  kit.route(alarmsConfirm, async ({ body, auth, req }) => {
    req.auditInfo.target = `alarms ${body.ids.join(',')}`;
    return { changed: await alarms.setConfirmed(body.ids, true, body.remark, auth.user.userName) };
  });
  kit.route(alarmsUnconfirm, async ({ body, auth, req }) => {
    req.auditInfo.target = `alarms ${body.ids.join(',')}`;
    return { changed: await alarms.setConfirmed(body.ids, false, body.remark, auth.user.userName) };
  });
  kit.route(alarmsDetails, ({ body }) => alarms.details(body.id));
  kit.route(alarmsCount, ({ query }) => overview.count(query));
  kit.route(alarmsTrend, ({ query }) => overview.trend(query));
  kit.route(alarmsCountByMetric, ({ query }) => overview.byMetric(query));
  kit.route(alarmsTopResources, ({ query }) => overview.topResources(query, query.topN ?? 10));
  kit.route(alarmsSystemTime, () => overview.systemTime());
};
