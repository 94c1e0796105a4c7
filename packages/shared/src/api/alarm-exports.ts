import { z } from 'zod';
import { defineContract } from '../contract.js';
import { Page } from '../envelope.js';
import { PagingInput, zInt } from '../input.js';
import { AlarmFilterFields, alarmRangeInOrder } from './alarms.js';
import { Timestamp } from './common.js';
import { REPORT_FILE_STATES } from './report-files.js';

/*
 * Alarm exports (issue 16, docs/alarms.md; spec section 7 "/am_ma/api/alarm_export"): the alarm
 * list with its filters written to an xlsx file in the background, by the same queue as the usage
 * report files, with the same states (spec section 4: QUEUE, RUNNING, COMPLETED, DOWNLOAD; FAILED
 * with the reason in `error`). Each user sees and removes only their own tasks.
 */

/** Which alarms: the real-time (open) ones, the historical (recovered) ones, or every one. */
export const ALARM_EXPORT_LISTS = ['active', 'history', 'all'] as const;
export type AlarmExportList = (typeof ALARM_EXPORT_LISTS)[number];

/** Alarm export files a user keeps: making one more deletes their oldest finished one. */
export const ALARM_EXPORTS_KEPT = 20;
/** Alarm exports of one user waiting or being written at once. */
export const ALARM_EXPORTS_PENDING_MAX = 3;

/** The alarm list's filters (as the list is asked for them), which list, and the headers' language. */
export const AlarmExportRequest = AlarmFilterFields.extend({
  list: z.enum(ALARM_EXPORT_LISTS).default('all'),
  /** The language of the column headers and of the levels and confirm states. */
  lang: z.enum(['en', 'zh']).default('en'),
}).refine(alarmRangeInOrder, { message: 'start cannot be later than end', path: ['endTime'] });
export type AlarmExportRequest = z.input<typeof AlarmExportRequest>;

/** The filters a task was made with, echoed in the list; null where none was given. */
export const AlarmExportFilter = z.object({
  list: z.enum(ALARM_EXPORT_LISTS),
  clusterId: z.string().nullable(),
  severity: z.string().nullable(),
  resourceType: z.string().nullable(),
  metric: z.string().nullable(),
  confirm: z.string().nullable(),
  keyword: z.string().nullable(),
  startTime: Timestamp.nullable(),
  endTime: Timestamp.nullable(),
  lang: z.enum(['en', 'zh']),
});
export type AlarmExportFilter = z.infer<typeof AlarmExportFilter>;

export const AlarmExportTask = z.object({
  id: z.number().int(),
  /** The download's file name, e.g. alarms-all-20260601-120000.xlsx. */
  name: z.string(),
  state: z.enum(REPORT_FILE_STATES),
  /** 0–100, rows written of the rows counted when writing started. */
  progress: z.number().int().min(0).max(100),
  rows: z.number().int().nonnegative(),
  sizeBytes: z.number().int().nonnegative(),
  /** Why it failed: an error reason (errors.reason.*), 'alarmExportFailed'. */
  error: z.string().nullable(),
  createdAt: Timestamp,
  finishedAt: Timestamp.nullable(),
  filter: AlarmExportFilter,
});
export type AlarmExportTask = z.infer<typeof AlarmExportTask>;

const TaskParams = z.object({ id: zInt().pipe(z.number().int().min(1)) });

const PREFIX = '/am_ma/api/alarm_export';

export const addAlarmExportTask = defineContract({
  id: 'alarmExports.addTask',
  method: 'POST',
  path: `${PREFIX}/add_task`,
  permission: 'alarms:read',
  summary:
    'Queue an export of the alarm list with its filters to xlsx; refused when no alarm matches (There are no alarms in the selected period) or past the pending tasks allowed',
  body: AlarmExportRequest,
  data: AlarmExportTask,
});

export const listAlarmExportTasks = defineContract({
  id: 'alarmExports.tasks',
  method: 'GET',
  path: `${PREFIX}/tasks`,
  permission: 'alarms:read',
  summary: "The caller's alarm export tasks, newest first, one page",
  query: PagingInput,
  data: Page(AlarmExportTask),
});

export const removeAlarmExportTask = defineContract({
  id: 'alarmExports.remove',
  method: 'GET',
  path: `${PREFIX}/remove/:id`,
  permission: 'alarms:read',
  // A GET as the spec has it, but it deletes: audited, and refused from another origin's page.
  audit: true,
  changesState: true,
  summary: 'Remove one of the caller’s alarm export tasks and its file (a queued one is dropped; a running one stops)',
  params: TaskParams,
  data: z.object({ id: z.number().int() }),
});

export const downloadAlarmExport = defineContract({
  id: 'alarmExports.download',
  method: 'GET',
  path: `${PREFIX}/download/:id`,
  permission: 'alarms:read',
  summary: 'The finished xlsx file itself; the task is marked DOWNLOAD',
  params: TaskParams,
  data: z.string(),
  response: 'file',
});
