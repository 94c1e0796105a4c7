/* What other modules may use of reports: report files read the same rows as the usage reports. */
export type { ReportsService, ReportFilter } from './reports.service.js';
export type { UsageWhere } from './reports.repository.js';
