import { posix } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  cancelUpload,
  chmodFile,
  copyFiles,
  deleteFiles,
  downloadFiles,
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
  type Contract,
} from '@portal/shared';
import type { AccessUser } from '../../cluster/access/types.js';
import { RouteKit } from '../../http/route-kit.js';
import { AppError } from '../../lib/app-error.js';
import type { Auth } from '../auth/auth.types.js';
import type { Services } from '../../services.js';
import { sendDownload } from './download.js';
import { FilesService, type FilesTargets } from './files.service.js';
import { registerFileTokenRoutes } from './file-token.routes.js';
import { UploadsService } from './uploads.service.js';
import { UserAuthTokensService } from './user-auth-tokens.service.js';
import { registerTransfersRoutes } from '../transfers/transfers.routes.js';

const userOf = (auth: Auth): AccessUser => ({ id: auth.user.id, name: auth.user.userName });

/** Raw chunk bodies: the handler streams them to the cluster instead of buffering them here. */
const CHUNK_TYPES = ['application/offset+octet-stream', 'application/octet-stream'];

/**
 * The file service (E-File). Registered as its own plugin so the raw-body parser for upload chunks
 * applies to these routes only.
 */
export const registerFilesRoutes = async (app: FastifyInstance, s: Services) => {
  const targets: FilesTargets = (clusterId) => {
    const cluster = s.clusters.get(clusterId);
    return { clusterId: cluster.config.id, access: s.accessFor(cluster.config.id), roots: cluster.config.access.roots };
  };
  const files = new FilesService(targets);
  const uploads = new UploadsService(s.db, files, s.clock);
  app.addHook('onClose', () => uploads.close());
  const tokens = new UserAuthTokensService(s.db, s.clock);

  await app.register(async (scope) => {
    scope.addContentTypeParser(CHUNK_TYPES, (_req, _payload, done) => done(null, undefined));
    const kit = new RouteKit(scope, s.sessions, s.audit, s.clock);

    /**
     * A refused path gets its own audit line, also on reads (which are not audited otherwise):
     * traversal attempts must leave a trace.
     */
    const auditRefusal = async (req: FastifyRequest, contract: Contract, auth: Auth, err: unknown) => {
      if (!(err instanceof AppError) || err.reason !== 'pathOutsideRoots') return;
      await s.audit.recordSafely(req.log, {
        at: s.clock.now(),
        user_name: auth.user.userName,
        role_id: auth.user.roleId,
        action: 'files.pathRefused',
        method: req.method,
        path: req.routeOptions.url ?? '',
        ip: req.ip,
        result: 'failure',
        err_code: err.code,
        target: `${contract.id} ${String(err.extra.path ?? '')}`.slice(0, 256),
      });
    };
    const guard = async <T>(contract: Contract, req: FastifyRequest, auth: Auth, fn: () => Promise<T>): Promise<T> => {
      try {
        return await fn();
      } catch (err) {
        await auditRefusal(req, contract, auth, err);
        if (err instanceof AppError && err.reason === 'fileOperationFailed') req.log.warn({ err }, 'file operation failed');
        throw err;
      }
    };

    kit.route(listFiles, ({ auth, query, req }) => guard(listFiles, req, auth, () => files.list(userOf(auth), query)));

    kit.route(searchFiles, ({ auth, query, req }) =>
      guard(searchFiles, req, auth, () => files.search(userOf(auth), query.clusterId, query.path, query.text, query.limit)),
    );

    kit.route(makeFolder, async ({ auth, body, req }) => {
      req.auditInfo.target = posix.join(body.path, body.name);
      await guard(makeFolder, req, auth, () => files.mkdir(userOf(auth), body.clusterId, body.path, body.name));
      return {};
    });

    kit.route(makeFile, async ({ auth, body, req }) => {
      req.auditInfo.target = posix.join(body.path, body.name);
      await guard(makeFile, req, auth, () => files.touch(userOf(auth), body.clusterId, body.path, body.name));
      return {};
    });

    kit.route(renameFile, async ({ auth, body, req }) => {
      req.auditInfo.target = `${body.from} -> ${body.to}`;
      await guard(renameFile, req, auth, () => files.rename(userOf(auth), body.clusterId, body.from, body.to));
      return {};
    });

    kit.route(copyFiles, async ({ auth, body, req }) => {
      req.auditInfo.target = `${body.paths.join(', ')} -> ${body.to}`;
      await guard(copyFiles, req, auth, () => files.transfer(userOf(auth), body.clusterId, 'copy', body.paths, body.to));
      return {};
    });

    kit.route(moveFiles, async ({ auth, body, req }) => {
      req.auditInfo.target = `${body.paths.join(', ')} -> ${body.to}`;
      await guard(moveFiles, req, auth, () => files.transfer(userOf(auth), body.clusterId, 'move', body.paths, body.to));
      return {};
    });

    kit.route(deleteFiles, async ({ auth, body, req }) => {
      req.auditInfo.target = body.paths.join(', ');
      await guard(deleteFiles, req, auth, () => files.remove(userOf(auth), body.clusterId, body.paths));
      return {};
    });

    kit.route(chmodFile, async ({ auth, body, req }) => {
      req.auditInfo.target = `${body.mode} ${body.path}`;
      await guard(chmodFile, req, auth, () => files.chmod(userOf(auth), body.clusterId, body.path, body.mode));
      return {};
    });

    kit.route(readTextFile, ({ auth, query, req }) =>
      guard(readTextFile, req, auth, () => files.readText(userOf(auth), query.clusterId, query.path)),
    );

    kit.route(writeTextFile, ({ auth, body, req }) => {
      req.auditInfo.target = body.path;
      return guard(writeTextFile, req, auth, () =>
        files.writeText(userOf(auth), body.clusterId, body.path, body.content, body.mtime),
      );
    });

    kit.route(downloadFiles, async ({ auth, query, req, reply }) =>
      guard(downloadFiles, req, auth, async () => {
        const opened = await files.open(userOf(auth), query.clusterId);
        const range = typeof req.headers.range === 'string' ? req.headers.range : undefined;
        return sendDownload(opened, query.path, query.inline, range, reply);
      }),
    );

    kit.route(startUpload, async ({ auth, body, req }) => {
      req.auditInfo.target = `${body.path}/${body.name} (${body.size} bytes)`;
      return guard(startUpload, req, auth, () => uploads.start(userOf(auth), body));
    });

    kit.route(uploadStatus, ({ auth, params }) => uploads.status(userOf(auth), params.uploadId));

    kit.route(uploadChunk, ({ auth, params, req }) => {
      const length = req.headers['content-length'];
      const offset = req.headers['upload-offset'];
      return guard(uploadChunk, req, auth, () =>
        uploads.chunk(userOf(auth), params.uploadId, {
          offset: typeof offset === 'string' ? offset : undefined,
          length: length === undefined ? undefined : Number(length),
          body: req.raw,
        }),
      );
    });

    kit.route(cancelUpload, async ({ auth, params, req }) => {
      req.auditInfo.target = await uploads.cancel(userOf(auth), params.uploadId);
      return {};
    });

    registerFileTokenRoutes(kit, s, tokens);
    // Across-center transfer: same scope, same path rules (docs/files.md).
    await registerTransfersRoutes(app, kit, s, files, guard);
  });
};
