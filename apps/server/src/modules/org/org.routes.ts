import { createOrgUnit, deleteOrgUnit, listOrgUnits, modifyOrgUnit } from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { OrgService } from './org.service.js';

export const registerOrgRoutes = (kit: RouteKit, org: OrgService) => {
  kit.route(listOrgUnits, () => org.list());

  kit.route(createOrgUnit, async ({ body, req }) => {
    req.auditInfo.target = `${body.kind} ${body.name}`;
    return org.create(body);
  });

  kit.route(modifyOrgUnit, async ({ params, body, req }) => {
    req.auditInfo.target = `${params.id}${body.name ? ` ${body.name}` : ''}`;
    return org.modify(params.id, body);
  });

  kit.route(deleteOrgUnit, async ({ params, req }) => {
    // The id when the delete is refused; the id and the name once it is done.
    req.auditInfo.target = String(params.id);
    req.auditInfo.target = `${params.id} ${await org.delete(params.id)}`;
    return {};
  });
};
