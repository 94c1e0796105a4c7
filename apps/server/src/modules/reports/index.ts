/* What other modules may use of reports: the scope check of a range (bills reuse it), the rows (report files read the same) and their types. */
export type { ReportsService, ReportFilter } from './reports.service.js';
export { scopedWhere } from './reports.service.js';
export { badParameter, readAllRequired } from './report-errors.js';
export type { UsageWhere } from './usage-filter.js';
export { whereUsage } from './usage-filter.js';
export type { EfficiencyService } from './efficiency.service.js';
