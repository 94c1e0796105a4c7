import { listAuditLog } from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { AuditService } from './audit.service.js';

export const registerAuditRoutes = (kit: RouteKit, audit: AuditService) => {
  kit.route(listAuditLog, ({ query }) =>
    audit.list(
      {
        userName: query.userName,
        action: query.action,
        result: query.result,
        from: query.startTime ? Date.parse(query.startTime) : undefined,
        to: query.endTime ? Date.parse(query.endTime) : undefined,
      },
      { offset: query.pageStart, limit: query.pageLimit },
    ),
  );
};
