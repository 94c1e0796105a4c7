import type { ReportFileFilter, ReportFileFormat } from '@portal/shared';
import { addDays, type ZoneDays } from '../../lib/zone-days.js';
import type { ReportsService, UsageWhere } from '../reports/index.js';
import { jobColumns, sheetName, summaryColumns, totalLabel } from './report-columns.js';
import type { JobCursor, ReportFilesRepository } from './report-files.repository.js';
import { openSheet, type Cell, type SheetWriter } from './report-writers.js';

/* Writing one report file: the summary's rows, or every finished job of the range read page by page. */

/** usage-user-2026-01-01_2026-12-31.xlsx, usage-jobs-….csv. */
export const fileNameOf = (f: Pick<ReportFileFilter, 'detail' | 'groupBy' | 'from' | 'to'>, format: ReportFileFormat): string =>
  `usage-${f.detail === 'jobs' ? 'jobs' : f.groupBy}-${f.from}_${f.to}.${format}`;

export interface WriteContext {
  reports: ReportsService;
  repo: ReportFilesRepository;
  days: ZoneDays;
  pageRows: number;
  beforePage: (() => Promise<void>) | null;
  /** True once the file should no longer be written (deleted, or the server stopping). */
  stopped: () => boolean;
  progress: (done: number, total: number) => Promise<void>;
}

export interface WriteTask {
  format: ReportFileFormat;
  path: string;
  filter: ReportFileFilter;
  where: UsageWhere;
}

/** 'YYYY-MM-DD HH:mm:ss' in the report zone. */
export const timeFormat = (zone: string) => {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    calendar: 'gregory',
    numberingSystem: 'latn',
  });
  return (ms: number): string => {
    const p: Record<string, string> = {};
    for (const part of f.formatToParts(ms)) p[part.type] = part.value;
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
  };
};

/** Writes the file; answers the rows written (the totals row not counted). */
export const writeReport = async (c: WriteContext, t: WriteTask): Promise<number> => {
  const lang = t.filter.lang;
  if (t.filter.detail === 'summary') {
    const rows = await c.reports.summaryRows(t.where, t.filter.groupBy);
    const sheet = openSheet(t.format, t.path, summaryColumns(t.filter.groupBy, lang), sheetName(lang));
    const sum = { jobs: 0, core: 0, card: 0 };
    for (let i = 0; i < rows.length && !c.stopped(); i += c.pageRows) {
      await c.beforePage?.();
      for (const r of rows.slice(i, i + c.pageRows)) {
        await sheet.row([r.key, r.jobs, r.coreSeconds, r.cardSeconds, r.coreSeconds, r.cardSeconds]);
        sum.jobs += r.jobs;
        sum.core += r.coreSeconds;
        sum.card += r.cardSeconds;
      }
      await c.progress(Math.min(i + c.pageRows, rows.length), rows.length);
    }
    await closeWithTotals(sheet, [totalLabel(lang), sum.jobs, sum.core, sum.card, sum.core, sum.card]);
    return rows.length;
  }

  const fromMs = c.days.startOf(t.where.from);
  const toMs = c.days.startOf(addDays(t.where.to, 1));
  const total = await c.repo.countJobs(t.where, fromMs, toMs);
  const sheet = openSheet(t.format, t.path, jobColumns(lang, c.days.zone), sheetName(lang));
  const timeOf = timeFormat(c.days.zone);
  const sum = { elapsed: 0, core: 0, card: 0 };
  let done = 0;
  let after: JobCursor | null = null;
  while (!c.stopped()) {
    await c.beforePage?.();
    const page = await c.repo.jobsPage(t.where, fromMs, toMs, after, c.pageRows);
    for (const j of page) {
      const line: Cell[] = [
        timeOf(j.end_at),
        j.job_id,
        j.user_name,
        j.account,
        j.queue,
        j.cluster_id,
        j.cpus,
        j.gpus,
        j.elapsed_s,
        j.core_seconds,
        j.card_seconds,
        j.core_seconds,
        j.card_seconds,
      ];
      await sheet.row(line);
      sum.elapsed += j.elapsed_s;
      sum.core += j.core_seconds;
      sum.card += j.card_seconds;
    }
    done += page.length;
    const last = page.at(-1);
    if (!last || page.length < c.pageRows) break;
    after = { endAt: last.end_at, id: last.id };
    // Jobs ingested meanwhile may make more rows than were counted.
    await c.progress(done, Math.max(total, done));
  }
  await closeWithTotals(sheet, [
    totalLabel(lang),
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    sum.elapsed,
    sum.core,
    sum.card,
    sum.core,
    sum.card,
  ]);
  return done;
};

const closeWithTotals = async (sheet: SheetWriter, totals: Cell[]) => {
  await sheet.row(totals);
  await sheet.close();
};
