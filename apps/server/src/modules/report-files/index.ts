/*
 * What other modules may use of report files: the queue, to write another kind of file with the
 * same states, progress, limits and download (alarm exports), and the writers and columns to write it.
 */
export type { FileKindSpec, KindContext, KindTask, ReportFilesService } from './report-files.service.js';
export type { Column, Lang } from './report-columns.js';
export { timeFormat } from './report-file-job.js';
export { openSheet, type Cell } from './report-writers.js';
