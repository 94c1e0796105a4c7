import { REPORT_SCOPES, usageSummary, usageTrend, type ReportScope } from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { ReportsService, SummaryQuery } from './reports.service.js';

// The contract's schema checked both; its optional-text helper types them as plain strings.
const scopeOf = (s: string): ReportScope => REPORT_SCOPES.find((x) => x === s) ?? 'mine';
const sortOf = (s: string): SummaryQuery['sortBy'] => (s === 'cardSeconds' || s === 'jobs' || s === 'key' ? s : 'coreSeconds');

/* /jm_report/api/usage and /usage/trend (docs/reports.md). */
export const registerReportsRoutes = (kit: RouteKit, reports: ReportsService) => {
  kit.route(usageSummary, ({ auth, query }) =>
    reports.summary(auth, { ...query, scope: scopeOf(query.scope), sortBy: sortOf(query.sortBy) }),
  );
  kit.route(usageTrend, ({ auth, query }) => reports.trend(auth, { ...query, scope: scopeOf(query.scope) }));
};
