import { posix } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  cancelUpload,
  chmodFile,
  copyFiles,
  deleteFiles,
  downloadFiles,
  ErrCode,
  listFiles,
  makeFile,
  makeFolder,
  moveFiles,
  readTextFile,
  renameFile,
  searchFiles,
  startUpload,
  uploadChunk,
  uploadStatus,
  writeTextFile,
} from '@portal/shared';
import type { Config } from '../../config/schema.js';
import type { RouteKit } from '../../http/route-kit.js';
import { AppError } from '../../lib/app-error.js';
import { userOf } from '../../lib/auth.js';
import { sendDownload } from './download.http.js';
import type { FilesService } from './files.service.js';
import { registerFileTokenRoutes } from './file-token.routes.js';
import type { UploadsService } from './uploads.service.js';
import type { UserAuthTokensService } from './user-auth-tokens.service.js';

/** Raw chunk bodies: the handler streams them to the cluster instead of buffering them here. */
const CHUNK_TYPES = ['application/offset+octet-stream', 'application/octet-stream'];

/**
 * A chunk under another type (text, form, JSON) would be read by that type's parser and never
 * reach the file, so it is refused as the request arrives, before its body is read and before the
 * upload is taken or its file opened. No type at all leaves the body unread, as a raw chunk.
 */
const refuseOtherTypes = (req: FastifyRequest): void => {
  const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type === undefined || type === '' || CHUNK_TYPES.includes(type)) return;
  throw new AppError(
    ErrCode.PARAM_INVALID,
    'chunkContentType',
    'An upload chunk must be sent as application/offset+octet-stream',
    {
      status: 415,
    },
  );
};

export interface FilesRoutesDeps {
  files: FilesService;
  uploads: UploadsService;
  tokens: UserAuthTokensService;
  config: Config;
}

/**
 * The file service (E-File). Registered in a scope of its own so the raw-body parser for upload
 * chunks applies to these routes only. A path outside the user's folders is audited by the
 * route kit (the error says so), on reads too.
 */
export const registerFilesRoutes = async (app: FastifyInstance, rootKit: RouteKit, d: FilesRoutesDeps) => {
  const { files, uploads } = d;
  await app.register(async (scope) => {
    scope.addContentTypeParser(CHUNK_TYPES, (_req, _payload, done) => done(null, undefined));
    scope.addHook('onRequest', async (req) => {
      if (req.method === uploadChunk.method && req.routeOptions.url === uploadChunk.path) refuseOtherTypes(req);
    });
    const kit = rootKit.within(scope);

    kit.route(listFiles, ({ auth, query }) => files.list(userOf(auth), query));

    kit.route(searchFiles, ({ auth, query }) => files.search(userOf(auth), query.clusterId, query.path, query.text, query.limit));

    kit.route(makeFolder, async ({ auth, body, req }) => {
      req.auditInfo.target = posix.join(body.path, body.name);
      await files.mkdir(userOf(auth), body.clusterId, body.path, body.name);
      return {};
    });

    kit.route(makeFile, async ({ auth, body, req }) => {
      req.auditInfo.target = posix.join(body.path, body.name);
      await files.touch(userOf(auth), body.clusterId, body.path, body.name);
      return {};
    });

    kit.route(renameFile, async ({ auth, body, req }) => {
      req.auditInfo.target = `${body.from} -> ${body.to}`;
      await files.rename(userOf(auth), body.clusterId, body.from, body.to);
      return {};
    });

    kit.route(copyFiles, async ({ auth, body, req }) => {
      req.auditInfo.target = `${body.paths.join(', ')} -> ${body.to}`;
      await files.transfer(userOf(auth), body.clusterId, 'copy', body.paths, body.to);
      return {};
    });

    kit.route(moveFiles, async ({ auth, body, req }) => {
      req.auditInfo.target = `${body.paths.join(', ')} -> ${body.to}`;
      await files.transfer(userOf(auth), body.clusterId, 'move', body.paths, body.to);
      return {};
    });

    kit.route(deleteFiles, async ({ auth, body, req }) => {
      req.auditInfo.target = body.paths.join(', ');
      await files.remove(userOf(auth), body.clusterId, body.paths);
      return {};
    });

    kit.route(chmodFile, async ({ auth, body, req }) => {
      req.auditInfo.target = `${body.mode} ${body.path}`;
      await files.chmod(userOf(auth), body.clusterId, body.path, body.mode);
      return {};
    });

    kit.route(readTextFile, ({ auth, query }) => files.readText(userOf(auth), query.clusterId, query.path));

    kit.route(writeTextFile, ({ auth, body, req }) => {
      req.auditInfo.target = body.path;
      return files.writeText(userOf(auth), body.clusterId, body.path, body.content, body.mtime);
    });

    kit.route(downloadFiles, async ({ auth, query, req, reply }) => {
      const opened = await files.open(userOf(auth), query.clusterId);
      const range = typeof req.headers.range === 'string' ? req.headers.range : undefined;
      return sendDownload(opened, query.path, query.inline, range, reply);
    });

    kit.route(startUpload, ({ auth, body, req }) => {
      req.auditInfo.target = `${body.path}/${body.name} (${body.size} bytes)`;
      return uploads.start(userOf(auth), body);
    });

    kit.route(uploadStatus, ({ auth, params }) => uploads.status(userOf(auth), params.uploadId));

    kit.route(uploadChunk, ({ auth, params, req }) => {
      const length = req.headers['content-length'];
      const offset = req.headers['upload-offset'];
      return uploads.chunk(userOf(auth), params.uploadId, {
        offset: typeof offset === 'string' ? offset : undefined,
        length: length === undefined ? undefined : Number(length),
        body: req.raw,
      });
    });

    kit.route(cancelUpload, async ({ auth, params, req }) => {
      req.auditInfo.target = await uploads.cancel(userOf(auth), params.uploadId);
      return {};
    });

    registerFileTokenRoutes(kit, d.tokens, d.config);
  });
};
