import { listQuotas, setQuota } from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { QuotasService } from './quotas.service.js';

/* /jm_usermanagement/api/userquotas (spec section 7: POST, method overridable; docs/quotas.md). */
export const registerQuotasRoutes = (kit: RouteKit, quotas: QuotasService) => {
  kit.route(listQuotas, ({ auth, query }) =>
    quotas.list(auth, { ...query, scope: query.scope === 'all' ? 'all' : query.scope === 'mine' ? 'mine' : undefined }),
  );
  kit.route(setQuota, ({ auth, body, req }) => {
    const limits = [
      `core ${body.coreHoursLimit ?? '-'}`,
      `card ${body.cardHoursLimit ?? '-'}`,
      `jobs ${body.maxRunningJobs ?? '-'}`,
    ].join(' ');
    req.auditInfo.target = `${body.accountName}${body.userName ? ` ${body.userName}` : ''} ${limits}`;
    return quotas.set(auth, body);
  });
};
