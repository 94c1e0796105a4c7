/* What other modules may use of reports (nothing yet: the routes are its only callers). */
export type { ReportsService } from './reports.service.js';
export type { EfficiencyService } from './efficiency.service.js';
