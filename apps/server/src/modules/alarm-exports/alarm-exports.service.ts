import type { Readable } from 'node:stream';
import { ErrCode, type AlarmExportFilter, type AlarmExportList, type AlarmExportTask, type AssetType } from '@portal/shared';
import type { ReportFileRow } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import type { Auth } from '../../lib/auth.js';
import { iso, isoOrNull, type Clock } from '../../lib/time.js';
import type { AlarmsService } from '../alarms/index.js';
import { timeFormat, type ReportFilesService } from '../report-files/index.js';
import { writeAlarmExport, type AlarmExportWhere } from './alarm-export-job.js';

/*
 * Alarm exports (issue 16, docs/alarms.md): the alarm list with its filters written to xlsx in the
 * background by the report files' queue (one worker for both kinds, the same states, progress,
 * limits and download). The filters are fixed when the export is asked for: an open end is now,
 * so alarms raised while it waits are not in it. An export of nothing is refused at once (spec
 * section 8: 'There are no alarms in the selected period').
 */

const notFound = () =>
  new AppError(ErrCode.PARAM_INVALID, 'alarmExportNotFound', 'This alarm export task does not exist', { status: 404 });
const notReady = () =>
  new AppError(ErrCode.PARAM_INVALID, 'alarmExportNotReady', 'This alarm export is not written yet, or failed', {
    status: 409,
  });
const tooMany = (max: number) =>
  new AppError(ErrCode.PARAM_INVALID, 'tooManyAlarmExports', `At most ${max} alarm exports may wait or be written at once`, {
    status: 409,
    extra: { max },
  });
const noAlarms = () =>
  new AppError(ErrCode.PARAM_INVALID, 'noAlarmsInPeriod', 'There are no alarms in the selected period', { status: 409 });

export interface AlarmExportInput {
  list: AlarmExportList;
  clusterId?: string | undefined;
  severity?: readonly string[] | undefined;
  resourceType?: AssetType | undefined;
  metric?: string | undefined;
  confirm?: 'confirmed' | 'unconfirmed' | undefined;
  keyword?: string | undefined;
  startTime?: Date | undefined;
  endTime?: Date | undefined;
  lang: 'en' | 'zh';
}

export interface AlarmExportsDeps {
  files: ReportFilesService;
  alarms: AlarmsService;
  /** The zone the times are written in (reports.timeZone). */
  zone: string;
  clock: Clock;
}

export const toAlarmExportTask = (row: ReportFileRow): AlarmExportTask => ({
  id: Number(row.id),
  name: row.name,
  state: row.state,
  progress: Number(row.progress),
  rows: Number(row.rows_done),
  sizeBytes: Number(row.size_bytes),
  error: row.error,
  createdAt: iso(Number(row.created_at)),
  finishedAt: isoOrNull(row.finished_at === null ? null : Number(row.finished_at)),
  filter: JSON.parse(row.filter) as AlarmExportFilter,
});

export class AlarmExportsService {
  constructor(private readonly d: AlarmExportsDeps) {
    d.files.register('alarms', {
      write: (c, t) => writeAlarmExport({ alarms: d.alarms, zone: d.zone }, c, t),
      failReason: 'alarmExportFailed',
      notFound,
      notReady,
      tooMany,
    });
  }

  async create(auth: Auth, input: AlarmExportInput): Promise<AlarmExportTask> {
    const now = this.d.clock.now();
    const where: AlarmExportWhere = {
      list: input.list,
      filter: {
        clusterId: input.clusterId || undefined,
        severities: input.severity && input.severity.length > 0 ? [...input.severity] : undefined,
        resourceType: input.resourceType,
        metric: input.metric || undefined,
        confirmed: input.confirm === undefined ? undefined : input.confirm === 'confirmed',
        keyword: input.keyword || undefined,
        from: input.startTime?.getTime(),
        // An open end is now: the export holds the alarms raised up to the moment it was asked for.
        to: Math.min(input.endTime?.getTime() ?? now, now),
      },
      lang: input.lang,
    };
    if ((await this.d.alarms.count(where.list, where.filter)) === 0) throw noAlarms();
    const filter: AlarmExportFilter = {
      list: input.list,
      clusterId: input.clusterId || null,
      severity: input.severity && input.severity.length > 0 ? input.severity.join(',') : null,
      resourceType: input.resourceType ?? null,
      metric: input.metric || null,
      confirm: input.confirm ?? null,
      keyword: input.keyword || null,
      startTime: input.startTime?.toISOString() ?? null,
      endTime: input.endTime?.toISOString() ?? null,
      lang: input.lang,
    };
    const stamp = timeFormat(this.d.zone)(now).replaceAll('-', '').replace(' ', '-').replaceAll(':', '');
    const row = await this.d.files.enqueue(auth, 'alarms', {
      name: `alarms-${input.list}-${stamp}.xlsx`,
      format: 'xlsx',
      filter,
      where,
    });
    return toAlarmExportTask(row);
  }

  async list(auth: Auth, pageStart: number, pageLimit: number): Promise<{ total: number; list: AlarmExportTask[] }> {
    const { total, rows } = await this.d.files.listOf(auth, 'alarms', pageStart, pageLimit);
    return { total, list: rows.map(toAlarmExportTask) };
  }

  /** The finished file to send; the task is marked DOWNLOAD. */
  open(auth: Auth, id: number): Promise<{ name: string; size: number; stream: Readable }> {
    return this.d.files.openOf(auth, 'alarms', id);
  }

  /** Removes one of the user's tasks and its file; one being written stops first. */
  remove(auth: Auth, id: number): Promise<void> {
    return this.d.files.deleteOf(auth, 'alarms', id);
  }
}
