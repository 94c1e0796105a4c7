import {
  addAlarmExportTask,
  contentDisposition,
  downloadAlarmExport,
  listAlarmExportTasks,
  removeAlarmExportTask,
} from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { AlarmExportsService } from './alarm-exports.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/* /am_ma/api/alarm_export: the alarm list as xlsx files written in the background (spec section 7; docs/alarms.md). */
export const registerAlarmExportsRoutes = (kit: RouteKit, exports: AlarmExportsService) => {
  kit.route(addAlarmExportTask, ({ auth, body, req }) => {
    req.auditInfo.target = `${body.list} ${body.startTime?.toISOString() ?? ''}..${body.endTime?.toISOString() ?? ''}`;
    return exports.create(auth, body);
  });

  kit.route(listAlarmExportTasks, ({ auth, query }) => exports.list(auth, query.pageStart, query.pageLimit));

  kit.route(downloadAlarmExport, async ({ auth, params, reply }) => {
    const file = await exports.open(auth, params.id);
    return reply
      .header('content-disposition', contentDisposition('attachment', file.name))
      .header('content-length', file.size)
      .type(XLSX)
      .send(file.stream);
  });

  kit.route(removeAlarmExportTask, async ({ auth, params, req }) => {
    req.auditInfo.target = String(params.id);
    await exports.remove(auth, params.id);
    return { id: params.id };
  });
};
