import {
  contentDisposition,
  createReportFile,
  deleteReportFile,
  downloadReportFile,
  listReportFiles,
  REPORT_SCOPES,
  type ReportScope,
} from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { ReportFilesService } from './report-files.service.js';

// The contract's schema checked it; its optional-text helper types it as a plain string.
const scopeOf = (s: string): ReportScope => REPORT_SCOPES.find((x) => x === s) ?? 'mine';

const MIME = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };

/* /jm_report/api/files: usage reports as xlsx or csv files written in the background (docs/reports.md). */
export const registerReportFilesRoutes = (kit: RouteKit, files: ReportFilesService) => {
  kit.route(createReportFile, ({ auth, body, req }) => {
    req.auditInfo.target = `${body.detail} ${body.groupBy} ${body.from}..${body.to} ${body.format}`;
    return files.create(auth, { ...body, scope: scopeOf(body.scope) });
  });

  kit.route(listReportFiles, ({ auth, query }) => files.list(auth, query.pageStart, query.pageLimit));

  kit.route(downloadReportFile, async ({ auth, params, reply }) => {
    const file = await files.open(auth, params.id);
    return reply
      .header('content-disposition', contentDisposition('attachment', file.name))
      .header('content-length', file.size)
      .type(MIME[file.format])
      .send(file.stream);
  });

  kit.route(deleteReportFile, async ({ auth, params, req }) => {
    req.auditInfo.target = String(params.id);
    await files.delete(auth, params.id);
    return { id: params.id };
  });
};
