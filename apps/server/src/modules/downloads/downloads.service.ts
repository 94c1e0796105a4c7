import { createReadStream, type ReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { can, ErrCode, type RoleId } from '@portal/shared';
import { AppError } from '../../lib/app-error.js';

export type DownloadKind = 'software' | 'faq';

const fileNotExist = () => new AppError(ErrCode.PARAM_INVALID, 'fileNotExist', 'file not exist', { status: 404 });

/**
 * Client tools and FAQ documents an operator drops into <dataDir>/downloads/{software,faq}/.
 * Names are checked by the contracts (no slashes), so a path cannot leave those folders.
 */
export class DownloadsService {
  constructor(private readonly dataDir: string) {}

  private folder(kind: DownloadKind): string {
    return resolve(this.dataDir, 'downloads', kind);
  }

  private async existing(kind: DownloadKind, name: string): Promise<{ file: string; size: number }> {
    // Resolve links too: a file must really lie inside its folder.
    const [root, file] = await Promise.all([
      realpath(this.folder(kind)).catch(() => null),
      realpath(join(this.folder(kind), name)).catch(() => null),
    ]);
    if (!root || !file || !file.startsWith(root + sep)) throw fileNotExist();
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw fileNotExist();
    return { file, size: info.size };
  }

  /** Where the browser fetches an offered file, after checking it is there. */
  async offer(kind: DownloadKind, name: string): Promise<{ success: true; path: string }> {
    await this.existing(kind, name);
    return { success: true, path: `/commonsoft/download/${kind}/${encodeURIComponent(name)}` };
  }

  /** The file itself; the FAQ is not for role user (spec section 6). */
  async open(roleId: RoleId, kind: DownloadKind, name: string): Promise<{ size: number; stream: ReadStream }> {
    if (kind === 'faq' && !can(roleId, 'downloads:faq'))
      throw new AppError(ErrCode.INSUFFICIENT_PERMISSION, 'forbidden', 'Permission Denied', { status: 403 });
    const { file, size } = await this.existing(kind, name);
    return { size, stream: createReadStream(file) };
  }
}
