import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import { ErrCode, TEXT_EDIT_MAX_BYTES } from '@portal/shared';
import type { AccessUser, ClusterAccess, FileSession } from '../../cluster/access/types.js';
import { AppError } from '../../lib/app-error.js';
import { iso } from '../../lib/time.js';
import { endWritable } from './chunk-writer.js';
import { viaFiles } from './file-errors.js';
import { FolderPages } from './folder-pages.js';
import type { SortKey } from './listing.js';
import { expandRoots, isInside, normalizePath, PathGuard } from './paths.js';

/** One cluster as the file service sees it. */
export interface FilesTarget {
  clusterId: string;
  access: ClusterAccess;
  /** Root templates from the cluster's config ('~', '/scratch/{user}'). */
  roots: readonly string[];
}
export type FilesTargets = (clusterId: string | undefined) => FilesTarget;

/** A user's open file session on one cluster, with its path guard. */
export interface Opened {
  clusterId: string;
  session: FileSession;
  guard: PathGuard;
  home: string;
}

export interface ListQuery {
  clusterId?: string | undefined;
  path?: string | undefined;
  sort: SortKey;
  order: 'asc' | 'desc';
  showHidden: boolean;
  filter?: string | undefined;
  pageStart: number;
  pageLimit: number;
}

const moveIntoItself = () =>
  new AppError(ErrCode.PARAM_INVALID, 'moveIntoItself', 'A folder cannot be moved or copied into itself');
const rootRefused = () =>
  new AppError(ErrCode.INSUFFICIENT_PERMISSION, 'forbidden', 'A root folder cannot be deleted, renamed or moved', {
    status: 403,
  });

/** Reads a whole (small) stream. */
const readAll = async (stream: Readable, max: number): Promise<Buffer> => {
  const parts: Buffer[] = [];
  let n = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    parts.push(chunk);
    n += chunk.length;
    if (n > max) break;
  }
  stream.destroy();
  return Buffer.concat(parts);
};

const writeAll = async (session: FileSession, path: string, data: Buffer): Promise<void> =>
  endWritable(await session.createWriteStream(path), data);

/**
 * E-File operations as one user, on the cluster through ClusterAccess. Every path passes the
 * PathGuard first; errors of the access layer leave as reasons the web translates.
 */
export class FilesService {
  /** Listings kept for paging; `cache.invalidate` after a write into a folder. */
  readonly cache = new FolderPages();

  constructor(private readonly targets: FilesTargets) {}

  async open(user: AccessUser, clusterId: string | undefined): Promise<Opened> {
    const target = this.targets(clusterId);
    return viaFiles(async () => {
      const session = await target.access.files(user);
      const home = await session.home();
      return {
        clusterId: target.clusterId,
        session,
        guard: new PathGuard(session, expandRoots(target.roots, home, user.name)),
        home,
      };
    });
  }

  async list(user: AccessUser, q: ListQuery) {
    const o = await this.open(user, q.clusterId);
    return viaFiles(async () => {
      // The folder is read while its path is checked (two programs side by side, not one after the
      // other); nothing of it is answered, nor served from the cache, unless the check passes.
      const asked = normalizePath(q.path ?? o.home);
      const ref = { session: o.session, userId: user.id, clusterId: o.clusterId, dir: asked };
      const reading = o.guard.roots.some((r) => isInside(asked, r)) ? this.cache.page(ref, q) : undefined;
      reading?.catch(() => undefined);
      const dir = await o.guard.check(asked);
      const page = await (reading ?? this.cache.page(ref, q));
      return {
        ...page,
        path: dir,
        home: o.home,
        roots: [...o.guard.roots],
      };
    });
  }

  async search(user: AccessUser, clusterId: string | undefined, path: string, text: string, limit: number) {
    const o = await this.open(user, clusterId);
    return viaFiles(async () => {
      const dir = await o.guard.check(path);
      // One more than asked tells whether there were more.
      const found = await o.session.search(dir, text, limit + 1);
      return { list: found.slice(0, limit), truncated: found.length > limit };
    });
  }

  async mkdir(user: AccessUser, clusterId: string | undefined, path: string, name: string): Promise<string> {
    return this.write(user, clusterId, async (o) => {
      const target = await o.guard.check(posix.join(path, name));
      await o.session.mkdir(target);
      return this.done(o, target, [posix.dirname(target)]);
    });
  }

  async touch(user: AccessUser, clusterId: string | undefined, path: string, name: string): Promise<string> {
    return this.write(user, clusterId, async (o) => {
      const target = await o.guard.check(posix.join(path, name));
      await this.refuseExisting(o.session, target);
      await writeAll(o.session, target, Buffer.alloc(0));
      return this.done(o, target, [posix.dirname(target)]);
    });
  }

  async rename(user: AccessUser, clusterId: string | undefined, from: string, to: string): Promise<string> {
    return this.write(user, clusterId, async (o) => {
      const src = await this.checkMovable(o, from);
      const dest = await o.guard.check(to);
      if (isInside(dest, src)) throw moveIntoItself();
      await o.session.rename(src, dest);
      return this.done(o, `${src} -> ${dest}`, [posix.dirname(src), posix.dirname(dest)]);
    });
  }

  /** Moves or copies entries into a folder, one by one; stops at the first failure. */
  async transfer(
    user: AccessUser,
    clusterId: string | undefined,
    op: 'move' | 'copy',
    paths: string[],
    to: string,
  ): Promise<string> {
    return this.write(user, clusterId, async (o) => {
      const dir = await o.guard.check(to);
      const touched = new Set([dir]);
      try {
        for (const p of paths) {
          const src = op === 'move' ? await this.checkMovable(o, p) : await o.guard.check(p, { follow: false });
          if (isInside(dir, src)) throw moveIntoItself();
          const dest = await o.guard.check(posix.join(dir, posix.basename(src)));
          if (op === 'move') {
            await o.session.rename(src, dest);
            touched.add(posix.dirname(src));
          } else await o.session.copy(src, dest);
        }
      } finally {
        this.cache.invalidate(o.clusterId, touched);
      }
      return `${paths.join(', ')} -> ${dir}`;
    });
  }

  async remove(user: AccessUser, clusterId: string | undefined, paths: string[]): Promise<string> {
    return this.write(user, clusterId, async (o) => {
      const touched = new Set<string>();
      try {
        for (const p of paths) {
          const target = await this.checkMovable(o, p);
          await o.session.remove(target);
          touched.add(posix.dirname(target));
        }
      } finally {
        this.cache.invalidate(o.clusterId, touched);
      }
      return paths.join(', ');
    });
  }

  async chmod(user: AccessUser, clusterId: string | undefined, path: string, mode: string): Promise<string> {
    return this.write(user, clusterId, async (o) => {
      const target = await o.guard.check(path);
      await o.session.chmod(target, parseInt(mode, 8));
      return this.done(o, `${mode} ${target}`, [posix.dirname(target)]);
    });
  }

  async readText(user: AccessUser, clusterId: string | undefined, path: string) {
    const o = await this.open(user, clusterId);
    return viaFiles(async () => {
      const file = await o.guard.check(path);
      const st = await o.session.stat(file);
      if (st.kind === 'dir') throw new AppError(ErrCode.PARAM_INVALID, 'isADirectory', 'This is a folder, not a file');
      if (st.size > TEXT_EDIT_MAX_BYTES) throw textTooLarge(st.size);
      const data = await readAll(await o.session.createReadStream(file), TEXT_EDIT_MAX_BYTES);
      if (data.length > TEXT_EDIT_MAX_BYTES) throw textTooLarge(data.length);
      if (data.includes(0))
        throw new AppError(ErrCode.FILE_CHECK_FAILED, 'binaryFile', 'This file is not text: download it instead', {
          status: 415,
        });
      return { content: data.toString('utf8'), size: data.length, mtime: iso(st.mtimeMs) };
    });
  }

  /** Saves text; with `mtime`, refuses when the file changed (or vanished) since it was read. */
  async writeText(user: AccessUser, clusterId: string | undefined, path: string, content: string, mtime?: string) {
    const o = await this.open(user, clusterId);
    return viaFiles(async () => {
      const file = await o.guard.check(path);
      if (mtime !== undefined) {
        const now = await o.session.stat(file).catch(() => null);
        if (!now || iso(now.mtimeMs) !== mtime)
          throw new AppError(ErrCode.PARAM_INVALID, 'fileChanged', 'The file was changed since it was opened', {
            status: 409,
            extra: { mtime: now ? iso(now.mtimeMs) : null },
          });
      }
      await writeAll(o.session, file, Buffer.from(content, 'utf8'));
      this.cache.invalidate(o.clusterId, [posix.dirname(file)]);
      const st = await o.session.stat(file);
      return { size: st.size, mtime: iso(st.mtimeMs) };
    });
  }

  /** An entry that may be moved or removed: the link itself, never a root. */
  private async checkMovable(o: Opened, path: string): Promise<string> {
    const p = await o.guard.check(path, { follow: false });
    if (o.guard.roots.includes(p) || p === '/') throw rootRefused();
    return p;
  }

  private async refuseExisting(session: FileSession, path: string): Promise<void> {
    const there = await session.lstat(path).then(
      () => true,
      () => false,
    );
    if (there)
      throw new AppError(ErrCode.PARAM_INVALID, 'fileExists', 'A file or folder with this name already exists', { status: 409 });
  }

  private async write<T>(user: AccessUser, clusterId: string | undefined, op: (o: Opened) => Promise<T>): Promise<T> {
    const o = await this.open(user, clusterId);
    return viaFiles(() => op(o));
  }

  private done(o: Opened, target: string, dirs: string[]): string {
    this.cache.invalidate(o.clusterId, dirs);
    return target;
  }
}

export const textTooLarge = (size: number) =>
  new AppError(
    ErrCode.FILE_TOO_LARGE,
    'outputTooLarge',
    'The file content is too large, it is recommended to download the file...',
    {
      status: 413,
      extra: { size, max: TEXT_EDIT_MAX_BYTES },
    },
  );
