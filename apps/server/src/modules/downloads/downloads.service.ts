import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, realpath, rename, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { can, DOWNLOAD_FILES, DOWNLOAD_UPLOAD_MAX_BYTES, ErrCode, type DownloadEntry, type RoleId } from '@portal/shared';
import { AppError } from '../../lib/app-error.js';

export type DownloadKind = 'software' | 'faq';

/** The spec's text for a missing download, with a reason that lets the console say how to add it. */
const notInstalled = () => new AppError(ErrCode.PARAM_INVALID, 'toolNotInstalled', 'file not exist', { status: 404 });

const tooLarge = (maxBytes: number) =>
  new AppError(ErrCode.FILE_TOO_LARGE, 'downloadTooLarge', 'File too large', {
    status: 413,
    extra: { maxBytes, maxMB: Math.floor(maxBytes / 1024 / 1024) },
  });

/** Counts the bytes passing through and fails once there are more than `max`. */
const byteLimit = (max: number) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      done(seen > max ? tooLarge(max) : null, chunk);
    },
  });
};

/**
 * Client tools and FAQ documents in <dataDir>/downloads/{software,faq}/, put there by an
 * administrator from the console (upload) or by hand. Names are checked by the contracts
 * (no slashes; uploads only under the dialogs' names), so a path cannot leave those folders.
 */
export class DownloadsService {
  constructor(
    private readonly dataDir: string,
    /** The largest upload; smaller in tests. */
    private readonly maxUploadBytes = DOWNLOAD_UPLOAD_MAX_BYTES,
  ) {}

  private folder(kind: DownloadKind): string {
    return resolve(this.dataDir, 'downloads', kind);
  }

  private async existing(kind: DownloadKind, name: string): Promise<{ file: string; size: number; mtime: Date }> {
    // Resolve links too: a file must really lie inside its folder.
    const [root, file] = await Promise.all([
      realpath(this.folder(kind)).catch(() => null),
      realpath(join(this.folder(kind), name)).catch(() => null),
    ]);
    if (!root || !file || !file.startsWith(root + sep)) throw notInstalled();
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw notInstalled();
    return { file, size: info.size, mtime: info.mtime };
  }

  private async entry(kind: DownloadKind, name: string): Promise<DownloadEntry> {
    const found = await this.existing(kind, name).catch(() => null);
    return {
      kind,
      name,
      installed: found !== null,
      size: found?.size ?? 0,
      updatedAt: found ? found.mtime.toISOString() : null,
    };
  }

  /** Every file the download dialogs offer, and whether it is on the portal. */
  list(): Promise<DownloadEntry[]> {
    return Promise.all(DOWNLOAD_FILES.map((f) => this.entry(f.kind, f.name)));
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

  /**
   * Stores an uploaded file under its name: written beside it first and renamed when complete, so
   * a download never reads half a file and a failed upload leaves the older file in place.
   */
  async store(kind: DownloadKind, name: string, declaredSize: number | undefined, body: Readable): Promise<DownloadEntry> {
    if (declaredSize !== undefined && declaredSize > this.maxUploadBytes) throw tooLarge(this.maxUploadBytes);
    const dir = this.folder(kind);
    await mkdir(dir, { recursive: true, mode: 0o755 });
    const partial = join(dir, `.${name}.${randomBytes(6).toString('hex')}.part`);
    try {
      await pipeline(body, byteLimit(this.maxUploadBytes), createWriteStream(partial, { mode: 0o644 }));
      await rename(partial, join(dir, name));
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
    return this.entry(kind, name);
  }
}
