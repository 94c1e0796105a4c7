import type { FastifyInstance } from 'fastify';
import { contentDisposition, downloadFile, faqDownload, listDownloads, softwareDownload, uploadTool } from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { DownloadsService } from './downloads.service.js';

/** An upload's body is the file itself: left unread by the parser and streamed to disk by the service. */
const RAW_TYPES = ['application/octet-stream'];

export const registerDownloadRoutes = async (app: FastifyInstance, rootKit: RouteKit, downloads: DownloadsService) => {
  await app.register(async (scope) => {
    scope.addContentTypeParser(RAW_TYPES, (_req, _payload, done) => done(null, undefined));
    const kit = rootKit.within(scope);

    kit.route(softwareDownload, ({ body }) => downloads.offer('software', body.softwareName));

    kit.route(faqDownload, ({ body }) => downloads.offer('faq', body.faqName));

    kit.route(listDownloads, () => downloads.list());

    kit.route(uploadTool, ({ params, req }) => {
      const length = req.headers['content-length'];
      const size = length === undefined ? undefined : Number(length);
      req.auditInfo.target = `${params.kind}/${params.name}${size === undefined ? '' : ` (${size} bytes)`}`;
      return downloads.store(params.kind, params.name, size, req.raw);
    });

    kit.route(downloadFile, async ({ auth, params, reply }) => {
      const { size, stream } = await downloads.open(auth.user.roleId, params.kind, params.name);
      return reply
        .header('content-disposition', contentDisposition('attachment', params.name))
        .header('content-length', size)
        .type('application/octet-stream')
        .send(stream);
    });
  });
};
