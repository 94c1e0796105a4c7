import type { AlarmExportList } from '@portal/shared';
import type { AlarmFilter, AlarmsService } from '../alarms/index.js';
import { openSheet, timeFormat, type KindContext, type KindTask, type Lang } from '../report-files/index.js';
import { alarmColumns, alarmLine, alarmSheetName } from './alarm-export-columns.js';

/* Writing one alarm export: the list's alarms in its order, read page by page (never all at once). */

/** What an export reads, fixed when it was asked for (kept as JSON with the file). */
export interface AlarmExportWhere {
  list: AlarmExportList;
  filter: Omit<AlarmFilter, 'open'>;
  lang: Lang;
}

export interface AlarmExportDeps {
  alarms: AlarmsService;
  /** The zone the times are written in (reports.timeZone). */
  zone: string;
}

/** Writes the file; answers the rows written. */
export const writeAlarmExport = async (d: AlarmExportDeps, c: KindContext, t: KindTask): Promise<number> => {
  const w = JSON.parse(t.where) as AlarmExportWhere;
  const total = await d.alarms.count(w.list, w.filter);
  const sheet = openSheet(t.format, t.path, alarmColumns(w.lang, d.zone), alarmSheetName(w.lang));
  const format = { lang: w.lang, time: timeFormat(d.zone) };
  let done = 0;
  let after = null;
  while (!c.stopped()) {
    await c.beforePage?.();
    const page = await d.alarms.pageAfter(w.list, w.filter, after, c.pageRows);
    for (const a of page.list) await sheet.row(alarmLine(a, format));
    done += page.list.length;
    if (!page.next || page.list.length < c.pageRows) break;
    after = page.next;
    // Alarms raised or recovered meanwhile may make more rows than were counted.
    await c.progress(done, Math.max(total, done));
  }
  await sheet.close();
  return done;
};
