import { posix } from 'node:path';
import { FileAccessError, type FileSession } from '../../cluster/access/types.js';

/*
 * Where a user may go: every path is normalised, must be absolute, and must lie inside one of the
 * user's roots twice over: as written (so '..' cannot climb out) and with every link resolved (so a
 * link in the home folder pointing at /etc leads nowhere).
 */

/** Raised for a path outside the user's roots; the routes audit it and answer 403. */
export class OutsideRootsError extends Error {
  override readonly name = 'OutsideRootsError';
  constructor(readonly path: string) {
    super(`${path} is outside the folders you may use`);
  }
}

/** posix-normalised absolute path without a trailing slash (except '/'). Throws for relative ones. */
export const normalizePath = (path: string): string => {
  if (!path.startsWith('/') || path.includes('\0')) throw new OutsideRootsError(path);
  const n = posix.normalize(path);
  return n.length > 1 && n.endsWith('/') ? n.slice(0, -1) : n;
};

export const isInside = (path: string, root: string): boolean =>
  path === root || path.startsWith(root === '/' ? '/' : `${root}/`);

/**
 * The configured roots for one user: '~' (or '~/x') is the home folder, '{user}' the account name.
 * Home first, duplicates and relative leftovers dropped.
 */
export const expandRoots = (templates: readonly string[], home: string, userName: string): string[] => {
  const out: string[] = [];
  for (const t of templates) {
    const withUser = t.replaceAll('{user}', userName);
    const raw = withUser === '~' ? home : withUser.startsWith('~/') ? `${home}/${withUser.slice(2)}` : withUser;
    if (!raw.startsWith('/')) continue;
    const root = normalizePath(raw);
    if (!out.includes(root)) out.push(root);
  }
  // The home folder is always a root, and comes first.
  const h = normalizePath(home);
  return [h, ...out.filter((r) => r !== h)];
};

export interface ResolveOptions {
  /**
   * true: the path itself is used (read, list, write, chmod follow links), so its link target must
   * be inside. false: the entry itself is meant (delete, rename a link), so only its folder is resolved.
   */
  follow: boolean;
}

/**
 * Checks paths of one user's file session against their roots. The roots are resolved once (a
 * root may itself be a link, e.g. /home -> /data/home) and both spellings count as inside.
 */
export class PathGuard {
  private realRoots: Promise<string[]> | undefined;

  constructor(
    private readonly session: FileSession,
    readonly roots: readonly string[],
  ) {}

  /** The normalised path, refused when it is outside the roots lexically or once resolved. */
  async check(path: string, opts: ResolveOptions = { follow: true }): Promise<string> {
    const p = normalizePath(path);
    if (!this.roots.some((r) => isInside(p, r))) throw new OutsideRootsError(p);
    const real = (opts.follow && (await this.resolveWithRoots(p))) || (await this.resolve(p, opts.follow));
    const allowed = [...this.roots, ...(await this.resolvedRoots())];
    if (!allowed.some((r) => isInside(real, r))) throw new OutsideRootsError(p);
    return p;
  }

  /**
   * The path's realpath and the roots' in one call, where the session can (one program instead of
   * two in a row, local access as root); nothing when it cannot, or when any of them is missing
   * (then `resolve` tells why, as before).
   */
  private async resolveWithRoots(p: string): Promise<string | undefined> {
    if (!this.session.realpaths || this.realRoots) return undefined;
    const all = await this.session.realpaths([p, ...this.roots]).catch(() => undefined);
    if (!all) return undefined;
    const [real, ...roots] = all;
    this.realRoots = Promise.resolve(roots);
    return real;
  }

  /** The real location of a path: its realpath, or its nearest existing parent's plus the rest. */
  private async resolve(p: string, follow: boolean): Promise<string> {
    if (!follow && p !== '/') {
      const parent = await this.resolve(posix.dirname(p), true);
      return posix.join(parent, posix.basename(p));
    }
    const missing: string[] = [];
    let cur = p;
    for (;;) {
      try {
        const real = await this.session.realpath(cur);
        return missing.length ? posix.join(real, ...missing.reverse()) : real;
      } catch (err) {
        if (!(err instanceof FileAccessError) || err.reason !== 'notFound' || cur === '/') throw err;
        // A dangling link is 'not found' too: never let a new name be written through one. Over
        // SFTP a link loop is 'not found' as well (sftp-server folds ELOOP into NO_SUCH_FILE).
        if (await this.isLink(cur)) {
          if (await this.loops(cur)) throw new FileAccessError('loop', `${cur}: loop`);
          throw new OutsideRootsError(p);
        }
        missing.push(posix.basename(cur));
        cur = posix.dirname(cur);
      }
    }
  }

  /** Whether following the link at `p` (as written, link by link) comes back to a link already seen. */
  private async loops(p: string): Promise<boolean> {
    const seen = new Set<string>();
    let cur = p;
    // The kernel gives up after 40 links: so does this.
    for (let hops = 0; hops < 40; hops++) {
      if (seen.has(cur)) return true;
      seen.add(cur);
      const s = await this.session.lstat(cur).catch(() => undefined);
      if (s?.kind !== 'link' || s.target === undefined || s.target === '') return false;
      cur = posix.resolve(posix.dirname(cur), s.target);
    }
    return true;
  }

  private async isLink(p: string): Promise<boolean> {
    try {
      return (await this.session.lstat(p)).kind === 'link';
    } catch {
      return false;
    }
  }

  private resolvedRoots(): Promise<string[]> {
    this.realRoots ??= Promise.all(this.roots.map((r) => this.session.realpath(r).catch(() => r)));
    return this.realRoots;
  }
}
