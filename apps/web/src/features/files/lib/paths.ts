/* Pure helpers for absolute POSIX paths as the file manager shows and edits them. */

/** `dir` and `name` joined with one slash. */
export const joinPath = (dir: string, name: string): string => (dir.endsWith('/') ? `${dir}${name}` : `${dir}/${name}`);

/** The folder holding `path` ('/' for '/' itself). */
export const parentOf = (path: string): string => {
  const i = path.replace(/\/+$/, '').lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
};

/** The last name of a path. */
export const baseName = (path: string): string => path.replace(/\/+$/, '').split('/').pop() || '/';

/**
 * What the user typed in the path box as a clean absolute path: trimmed, no repeated or trailing
 * slashes, '.' segments dropped. null when it is not an absolute path (the box then shows why).
 */
export const cleanPathInput = (text: string): string | null => {
  const t = text.trim();
  if (!t.startsWith('/') || t.includes('\0')) return null;
  const parts = t.split('/').filter((p) => p !== '' && p !== '.');
  return `/${parts.join('/')}`;
};

export interface Crumb {
  label: string;
  path: string;
}

/**
 * Breadcrumbs of a folder. Inside one of the roots the first crumb is that root (shown as '~' for
 * the home folder), so a user never clicks into a folder they may not read.
 */
export const crumbsOf = (path: string, roots: readonly string[], home: string): Crumb[] => {
  const root = [...roots]
    .sort((a, b) => b.length - a.length)
    .find((r) => path === r || path.startsWith(r === '/' ? '/' : `${r}/`));
  const start = root ?? '/';
  const first: Crumb = { label: start === home ? '~' : start, path: start };
  const rest = path.slice(start.length).split('/').filter(Boolean);
  let at = start;
  return [first, ...rest.map((name) => ({ label: name, path: (at = joinPath(at, name)) }))];
};

const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg'];

/** The lower-case extension of a name, '' when it has none. */
export const extensionOf = (name: string): string => {
  const i = name.lastIndexOf('.');
  return i > 0 ? name.slice(i + 1).toLowerCase() : '';
};

export const isImageName = (name: string): boolean => IMAGE_EXTENSIONS.includes(extensionOf(name));
