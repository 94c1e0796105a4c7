import { efficiencyReport, REPORT_SCOPES, type ReportScope } from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { EfficiencyService } from './efficiency.service.js';

// The contract's schema checked it; its optional-text helper types it as a plain string.
const scopeOf = (s: string): ReportScope => REPORT_SCOPES.find((x) => x === s) ?? 'mine';

/* /jm_report/api/efficiency (docs/reports.md, "Job efficiency"). */
export const registerEfficiencyRoutes = (kit: RouteKit, efficiency: EfficiencyService) => {
  kit.route(efficiencyReport, ({ auth, query }) => efficiency.report(auth, { ...query, scope: scopeOf(query.scope) }));
};
