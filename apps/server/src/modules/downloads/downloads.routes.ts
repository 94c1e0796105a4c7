import { contentDisposition, downloadFile, faqDownload, softwareDownload } from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { DownloadsService } from './downloads.service.js';

export const registerDownloadRoutes = (kit: RouteKit, downloads: DownloadsService) => {
  kit.route(softwareDownload, ({ body }) => downloads.offer('software', body.softwareName));

  kit.route(faqDownload, ({ body }) => downloads.offer('faq', body.faqName));

  kit.route(downloadFile, async ({ auth, params, reply }) => {
    const { size, stream } = await downloads.open(auth.user.roleId, params.kind, params.name);
    return reply
      .header('content-disposition', contentDisposition('attachment', params.name))
      .header('content-length', size)
      .type('application/octet-stream')
      .send(stream);
  });
};
