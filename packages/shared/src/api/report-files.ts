import { z } from 'zod';
import { defineContract } from '../contract.js';
import { Page } from '../envelope.js';
import { PagingInput, zInt } from '../input.js';
import { Timestamp } from './common.js';
import { REPORT_DIMENSIONS, UsageFilter } from './reports.js';

/*
 * Report files (spec section 4, "History report file states: RUNNING, COMPLETED, DOWNLOAD,
 * QUEUE"): a usage report written to an xlsx or csv file in the background, one at a time per
 * server, then downloaded. DOWNLOAD = the file has been downloaded at least once; FAILED (not in
 * the spec) says the file could not be written, with the reason in `error`.
 */

export const REPORT_FILE_STATES = ['QUEUE', 'RUNNING', 'COMPLETED', 'DOWNLOAD', 'FAILED'] as const;
export type ReportFileState = (typeof REPORT_FILE_STATES)[number];

/** States a file is still being made in: the list is polled while one is. */
export const PENDING_REPORT_FILE_STATES: readonly ReportFileState[] = ['QUEUE', 'RUNNING'];

export const REPORT_FILE_FORMATS = ['xlsx', 'csv'] as const;
export type ReportFileFormat = (typeof REPORT_FILE_FORMATS)[number];

/** summary: one row per group key, as the usage table; jobs: one row per finished job of the range. */
export const REPORT_FILE_DETAILS = ['summary', 'jobs'] as const;
export type ReportFileDetail = (typeof REPORT_FILE_DETAILS)[number];

/** Files a user keeps: making one more deletes their oldest finished one. */
export const REPORT_FILES_KEPT = 20;
/** Files of one user waiting or being written at once. */
export const REPORT_FILES_PENDING_MAX = 3;

/** The report a file holds: the usage report's range, scope and filters, its grouping, and how it is written. */
export const ReportFileRequest = UsageFilter.extend({
  /** The group key of a summary (ignored, but echoed, for per-job files). */
  groupBy: z.enum(REPORT_DIMENSIONS).default('user'),
  format: z.enum(REPORT_FILE_FORMATS),
  detail: z.enum(REPORT_FILE_DETAILS).default('summary'),
  /** The language of the column headers. */
  lang: z.enum(['en', 'zh']).default('en'),
});

export const ReportFileFilter = z.object({
  from: z.string(),
  to: z.string(),
  scope: z.string(),
  clusterId: z.string().nullable(),
  user: z.string().nullable(),
  account: z.string().nullable(),
  queue: z.string().nullable(),
  groupBy: z.enum(REPORT_DIMENSIONS),
  detail: z.enum(REPORT_FILE_DETAILS),
  lang: z.enum(['en', 'zh']),
});
export type ReportFileFilter = z.infer<typeof ReportFileFilter>;

export const ReportFile = z.object({
  id: z.number().int(),
  /** The download's file name, e.g. usage-user-2026-01-01_2026-12-31.xlsx. */
  name: z.string(),
  format: z.enum(REPORT_FILE_FORMATS),
  state: z.enum(REPORT_FILE_STATES),
  /** 0–100, rows written of the rows counted when writing started. */
  progress: z.number().int().min(0).max(100),
  rows: z.number().int().nonnegative(),
  sizeBytes: z.number().int().nonnegative(),
  /** Why it failed: an error reason (errors.reason.*), e.g. 'reportFileFailed'. */
  error: z.string().nullable(),
  createdAt: Timestamp,
  finishedAt: Timestamp.nullable(),
  filter: ReportFileFilter,
});
export type ReportFile = z.infer<typeof ReportFile>;

const ReportFileParams = z.object({ id: zInt().pipe(z.number().int().min(1)) });

export const createReportFile = defineContract({
  id: 'reportFiles.create',
  method: 'POST',
  path: '/jm_report/api/files',
  permission: 'reports:read',
  summary:
    'Queue a usage report file (xlsx or csv; a summary by one dimension or one row per finished job); refused past the pending files allowed',
  body: ReportFileRequest,
  data: ReportFile,
});

export const listReportFiles = defineContract({
  id: 'reportFiles.list',
  method: 'GET',
  path: '/jm_report/api/files',
  permission: 'reports:read',
  summary: "The caller's report files, newest first, one page",
  query: PagingInput,
  data: Page(ReportFile),
});

export const downloadReportFile = defineContract({
  id: 'reportFiles.download',
  method: 'GET',
  path: '/jm_report/api/files/:id/download',
  permission: 'reports:read',
  summary: 'The finished file itself; the file is marked DOWNLOAD',
  params: ReportFileParams,
  data: z.string(),
  response: 'file',
});

export const deleteReportFile = defineContract({
  id: 'reportFiles.delete',
  method: 'DELETE',
  path: '/jm_report/api/files/:id',
  permission: 'reports:read',
  summary: 'Delete one of the caller’s report files (a queued one is dropped; a running one stops)',
  params: ReportFileParams,
  data: z.object({ id: z.number().int() }),
});
