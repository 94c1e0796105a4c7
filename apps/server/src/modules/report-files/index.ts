/* What other modules may use of report files (nothing: the routes are its only callers). */
export type { ReportFilesService } from './report-files.service.js';
