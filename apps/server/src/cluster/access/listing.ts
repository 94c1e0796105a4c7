import type { FileKind, FileStat } from './types.js';

/*
 * Listing a folder with `find -printf` instead of one stat call per entry: GNU find lstat's
 * 100,000 entries in a fraction of a second in C, where node:fs needs seconds, and the same
 * program works over SSH exec. Owners come as numeric ids (name lookups per entry are slow) and
 * are named by the caller. Fields are NUL-separated: a name may hold anything but NUL and '/'.
 */
export const FORMAT = '%y\\0%s\\0%T@\\0%m\\0%U\\0%G\\0%f\\0%l\\0';
const FIELDS = 8;

/** argv of the listing: `-H` follows `dir` itself when it is a link, like opendir would. */
export const listArgv = (dir: string): string[] => ['find', '-H', dir, '-mindepth', '1', '-maxdepth', '1', '-printf', FORMAT];

/** st_mode type bits by find's %y letter. */
const TYPE_BITS: Record<string, number> = {
  f: 0o100000,
  d: 0o040000,
  l: 0o120000,
  p: 0o010000,
  s: 0o140000,
  c: 0o020000,
  b: 0o060000,
};
const KIND: Record<string, FileKind> = { f: 'file', d: 'dir', l: 'link' };

export interface IdNames {
  users: Map<number, string>;
  groups: Map<number, string>;
}

export const parseListing = (out: string, ids: IdNames): FileStat[] => {
  const f = out.split('\0');
  const entries: FileStat[] = [];
  for (let i = 0; i + FIELDS <= f.length; i += FIELDS) {
    const [type = '', size, mtime, perm, uid, gid, name = '', target = ''] = f.slice(i, i + FIELDS);
    const e: FileStat = {
      name,
      kind: KIND[type] ?? 'other',
      size: Number(size),
      mtimeMs: Math.trunc(Number(mtime) * 1000),
      mode: (TYPE_BITS[type] ?? 0) | parseInt(perm ?? '0', 8),
      owner: ids.users.get(Number(uid)) ?? String(uid),
      group: ids.groups.get(Number(gid)) ?? String(gid),
    };
    if (type === 'l') e.target = target;
    entries.push(e);
  }
  return entries;
};

/** passwd / group file text (`getent passwd` or /etc/passwd) → id → name. */
export const parseIdFile = (text: string): Map<number, string> => {
  const m = new Map<number, string>();
  for (const line of text.split('\n')) {
    const [name, , id] = line.split(':');
    if (name && id && !m.has(Number(id))) m.set(Number(id), name);
  }
  return m;
};
