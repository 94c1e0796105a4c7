import { FileAccessError, type FileErrorReason } from './types.js';

/** errno codes (node:fs) and SFTP status codes share these reasons. */
const BY_CODE: Record<string, FileErrorReason> = {
  ENOENT: 'notFound',
  EEXIST: 'exists',
  EACCES: 'denied',
  EPERM: 'denied',
  ENOTDIR: 'notDir',
  EISDIR: 'isDir',
  ENOTEMPTY: 'notEmpty',
  ENOSPC: 'noSpace',
  EDQUOT: 'quota',
  ELOOP: 'loop',
  ENAMETOOLONG: 'nameTooLong',
};

/** The reason behind a failed node:fs call, keeping FileAccessErrors as they are. */
export const toFileError = (err: unknown, path: string): FileAccessError => {
  if (err instanceof FileAccessError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  const reason = typeof code === 'string' ? BY_CODE[code] : undefined;
  return new FileAccessError(reason ?? 'failed', `${path}: ${reason ?? (err instanceof Error ? err.message : String(err))}`);
};

/*
 * Programs (cp, rm, tar, find) only say what went wrong in their error output; with LC_ALL=C the
 * strerror texts are stable, so the last line tells the reason.
 */
const BY_TEXT: [RegExp, FileErrorReason][] = [
  [/No such file or directory/, 'notFound'],
  [/Permission denied|Operation not permitted/, 'denied'],
  [/File exists/, 'exists'],
  [/Not a directory/, 'notDir'],
  [/Is a directory/, 'isDir'],
  [/Directory not empty/, 'notEmpty'],
  [/No space left on device/, 'noSpace'],
  [/Disk quota exceeded/, 'quota'],
  [/Too many levels of symbolic links/, 'loop'],
  [/File name too long/, 'nameTooLong'],
];

export const fromStderr = (stderr: string, what: string): FileAccessError => {
  const text = stderr.trim();
  const reason = BY_TEXT.find(([re]) => re.test(text))?.[1] ?? 'failed';
  const last = text.split('\n').pop() ?? '';
  return new FileAccessError(reason, `${what}: ${last || reason}`);
};

/** Refuses a name that is taken (a dangling link too): file operations never overwrite. */
export const refuseExisting = async (path: string, lstat: (path: string) => Promise<unknown>): Promise<void> => {
  try {
    await lstat(path);
  } catch (err) {
    if (err instanceof FileAccessError && err.reason === 'notFound') return;
    throw err;
  }
  throw new FileAccessError('exists', `${path}: exists`);
};

/** Paths reach the access layer checked and absolute; anything else is a caller's bug. */
export const assertAbsolute = (path: string): string => {
  if (!path.startsWith('/') || path.includes('\0')) throw new FileAccessError('outsideRoots', `not an absolute path: ${path}`);
  return path;
};

export const POSIX_NAME = /^[a-z_][a-z0-9_.-]{0,31}$/i;

export const assertPosixName = (name: string): string => {
  if (!POSIX_NAME.test(name)) throw new Error(`not a POSIX account name: ${name}`);
  return name;
};
