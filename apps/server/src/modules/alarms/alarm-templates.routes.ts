import {
  alarmTemplatesAddIndicator,
  alarmTemplatesCreate,
  alarmTemplatesDelete,
  alarmTemplatesIndicators,
  alarmTemplatesList,
  alarmTemplatesMetrics,
  alarmTemplatesModify,
  alarmTemplatesModifyIndicator,
  alarmTemplatesNameCheck,
  alarmTemplatesResources,
  alarmTemplatesTemplateResources,
} from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { AlarmTemplatesService } from './alarm-templates.service.js';

/* /am_ma/api/thresholdtempl/... (spec section 7; docs/alarms.md). */
export const registerAlarmTemplatesRoutes = (kit: RouteKit, templates: AlarmTemplatesService) => {
  kit.route(alarmTemplatesList, ({ query }) => {
    const { pageStart, pageLimit, ...filter } = query;
    return templates.list(filter, { pageStart, pageLimit });
  });
  kit.route(alarmTemplatesCreate, ({ body, auth, req }) => {
    req.auditInfo.target = `${body.kind} template ${body.name}: ${body.resources.length} resources, ${body.indicators.length} indicators`;
    return templates.create(body, auth.user.userName);
  });
  kit.route(alarmTemplatesModify, ({ body, auth, req }) => {
    const { id, ...fields } = body;
    req.auditInfo.target = `template ${id} ${body.name}${body.enabled ? '' : ' (disabled)'}: ${body.resources.length} resources, ${body.indicators.length} indicators`;
    return templates.modify(id, fields, auth.user.userName);
  });
  kit.route(alarmTemplatesDelete, async ({ query, req }) => {
    req.auditInfo.target = (await templates.delete(query.ids)).join(', ');
    return {};
  });
  kit.route(alarmTemplatesResources, ({ query }) =>
    templates.resources(query.resourceType, query.keyword, { pageStart: query.pageStart, pageLimit: query.pageLimit }),
  );
  kit.route(alarmTemplatesTemplateResources, ({ query }) =>
    templates.templateResources(query.id, { pageStart: query.pageStart, pageLimit: query.pageLimit }),
  );
  kit.route(alarmTemplatesNameCheck, async ({ query }) => ({ exists: await templates.nameExists(query.name, query.id) }));
  kit.route(alarmTemplatesMetrics, ({ query }) => ({ list: [...templates.metrics(query.resourceType)] }));
  kit.route(alarmTemplatesIndicators, async ({ query }) => ({ list: await templates.indicators(query.id) }));
  kit.route(alarmTemplatesAddIndicator, ({ body, auth, req }) => {
    req.auditInfo.target = `template ${body.id}: add ${body.indicator.metric}`;
    return templates.putIndicator(body.id, body.indicator, false, auth.user.userName);
  });
  kit.route(alarmTemplatesModifyIndicator, ({ body, auth, req }) => {
    req.auditInfo.target = `template ${body.id}: change ${body.indicator.metric}`;
    return templates.putIndicator(body.id, body.indicator, true, auth.user.userName);
  });
};
