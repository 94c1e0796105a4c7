import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { can, downloadFile, ErrCode, faqDownload, softwareDownload } from '@portal/shared';
import type { Config } from '../../config/schema.js';
import type { RouteKit } from '../../http/route-kit.js';
import { AppError } from '../../lib/app-error.js';

type Kind = 'software' | 'faq';

const fileNotExist = () => new AppError(ErrCode.PARAM_INVALID, 'fileNotExist', 'file not exist', { status: 404 });

/**
 * Client tools and FAQ documents an operator drops into <dataDir>/downloads/{software,faq}/.
 * Names are checked by the contracts (no slashes), so a path cannot leave those folders.
 */
export const registerDownloadRoutes = (kit: RouteKit, config: Config) => {
  const folder = (kind: Kind) => resolve(config.dataDir, 'downloads', kind);
  const existing = async (kind: Kind, name: string) => {
    // Resolve links too: a file must really lie inside its folder.
    const [root, file] = await Promise.all([
      realpath(folder(kind)).catch(() => null),
      realpath(join(folder(kind), name)).catch(() => null),
    ]);
    if (!root || !file || !file.startsWith(root + sep)) throw fileNotExist();
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw fileNotExist();
    return { file, size: info.size };
  };
  const pathOf = (kind: Kind, name: string) => `/commonsoft/download/${kind}/${encodeURIComponent(name)}`;

  kit.route(softwareDownload, async ({ body }) => {
    await existing('software', body.softwareName);
    return { success: true, path: pathOf('software', body.softwareName) };
  });

  kit.route(faqDownload, async ({ body }) => {
    await existing('faq', body.faqName);
    return { success: true, path: pathOf('faq', body.faqName) };
  });

  kit.route(downloadFile, async ({ auth, params, reply }) => {
    if (params.kind === 'faq' && !can(auth.user.roleId, 'downloads:faq'))
      throw new AppError(ErrCode.INSUFFICIENT_PERMISSION, 'forbidden', 'Permission Denied', { status: 403 });
    const { file, size } = await existing(params.kind, params.name);
    return reply
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(params.name)}`)
      .header('content-length', size)
      .type('application/octet-stream')
      .send(createReadStream(file));
  });
};
