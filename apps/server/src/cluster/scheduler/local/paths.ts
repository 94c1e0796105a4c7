import { mkdir, realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/*
 * Users' folders. In the embedded mode every job runs as the server's own account, so the
 * operating system does not keep users apart: the portal does, by only letting a user work and
 * read inside `<homeRoot>/<user>`. Paths are checked after resolving symbolic links, so a link
 * inside the folder cannot lead out of it.
 */

/** A portal user name usable as a folder name (and as a POSIX account name). */
export const USER_NAME = /^[a-z_][a-z0-9_.-]{0,31}$/i;

export const isUserName = (user: string): boolean => USER_NAME.test(user);

/** `<homeRoot>/<user>`; throws on a name that is not a safe folder name. */
export const homePath = (homeRoot: string, user: string): string => {
  if (!isUserName(user)) throw new Error(`not a valid user name: ${JSON.stringify(user)}`);
  return join(resolve(homeRoot), user);
};

/** Creates `<homeRoot>/<user>` (mode 700) when missing; answers its path. */
export const ensureHome = async (homeRoot: string, user: string): Promise<string> => {
  const home = homePath(homeRoot, user);
  await mkdir(resolve(homeRoot), { recursive: true, mode: 0o711 });
  await mkdir(home, { mode: 0o700 }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err;
  });
  return home;
};

/** Whether `p` is `root` or lies under it (both absolute and normalised). */
export const isWithin = (root: string, p: string): boolean => {
  const rel = relative(root, p);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
};

/** realpath of the longest existing ancestor of `p`, with the missing rest appended. */
const realpathLoose = async (p: string): Promise<string> => {
  const missing: string[] = [];
  let cur = p;
  for (;;) {
    try {
      const real = await realpath(cur);
      return missing.length ? join(real, ...missing.reverse()) : real;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw err;
      const parent = dirname(cur);
      if (parent === cur) throw err;
      missing.push(basename(cur));
      cur = parent;
    }
  }
};

export interface Contained {
  /** The path as given, normalised (no "..", no trailing slash). */
  path: string;
  /** The same with symbolic links resolved (as far as it exists). */
  real: string;
}

/**
 * Checks that an absolute path lies inside `root` both as written and once symbolic links are
 * resolved; null when it does not (or is relative, or `root` does not exist).
 */
export const containedPath = async (root: string, p: string): Promise<Contained | null> => {
  if (!isAbsolute(p) || p.includes('\u0000')) return null;
  const path = resolve(p);
  const base = resolve(root);
  if (!isWithin(base, path)) return null;
  let realRoot: string;
  try {
    realRoot = await realpath(base);
  } catch {
    return null;
  }
  const real = await realpathLoose(path);
  return isWithin(realRoot, real) ? { path, real } : null;
};
