import type { FileEntry } from '@portal/shared';

/** Folders and links to folders open like folders. */
export const isFolderEntry = (e: Pick<FileEntry, 'kind' | 'targetKind'>) =>
  e.kind === 'dir' || (e.kind === 'link' && e.targetKind === 'dir');

/** The folder above an absolute path ('/' stays '/'). */
export const parentOf = (path: string) => {
  const cut = path.replace(/\/+$/, '').lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
};

/**
 * Where a picker starts for a form value: an absolute path as it is, `~/x` inside the home when the
 * home is known; anything else (empty, `~`, relative) is the home (undefined).
 */
export const startFolder = (value: string | undefined, home?: string): string | undefined => {
  const v = value?.trim() ?? '';
  if (v.startsWith('/')) return v.replace(/(.)\/+$/, '$1');
  if (home && v.startsWith('~/')) return `${home}/${v.slice(2)}`.replace(/\/+$/, '');
  return undefined;
};

/**
 * The value an input-file field takes for a chosen file: relative to the working directory when
 * the file lies inside it (the job runs there), else the absolute path.
 */
export const pathForField = (file: string, workDir: string | undefined) => {
  const dir = workDir?.trim().replace(/\/+$/, '');
  return dir && dir.startsWith('/') && file.startsWith(`${dir}/`) ? file.slice(dir.length + 1) : file;
};
