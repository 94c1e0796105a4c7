import { posix } from 'node:path';
import type { FileEntry } from '@portal/shared';
import type { FileKind, FileStat } from '../../cluster/access/types.js';
import { iso } from '../../lib/time.js';

/* Turning a folder's raw entries into the sorted, filtered rows the file manager pages through. */

export type SortKey = 'name' | 'size' | 'mtime' | 'kind';

const TYPE_CHAR: Record<number, string> = {
  0o140000: 's',
  0o120000: 'l',
  0o100000: '-',
  0o060000: 'b',
  0o040000: 'd',
  0o020000: 'c',
  0o010000: 'p',
};

/** ls-style text of st_mode, e.g. 'drwxr-xr-x', with setuid/setgid/sticky as s/S and t/T. */
export const permissionsText = (mode: number): string => {
  const type = TYPE_CHAR[mode & 0o170000] ?? '?';
  const rwx = (bits: number, special: boolean, on: string, off: string) =>
    `${bits & 4 ? 'r' : '-'}${bits & 2 ? 'w' : '-'}${special ? (bits & 1 ? on : off) : bits & 1 ? 'x' : '-'}`;
  return (
    type +
    rwx((mode >> 6) & 7, (mode & 0o4000) !== 0, 's', 'S') +
    rwx((mode >> 3) & 7, (mode & 0o2000) !== 0, 's', 'S') +
    rwx(mode & 7, (mode & 0o1000) !== 0, 't', 'T')
  );
};

/** Permission bits as octal text: '755', or '4755' when a special bit is set. */
export const octalMode = (mode: number): string => {
  const bits = mode & 0o7777;
  return bits > 0o777 ? bits.toString(8).padStart(4, '0') : bits.toString(8).padStart(3, '0');
};

// A folder holds few distinct modes: compute each text once (100,000 entries, a handful of modes).
const modeTexts = new Map<number, [string, string]>();
const modeText = (mode: number): [string, string] => {
  let t = modeTexts.get(mode);
  if (!t) {
    t = [octalMode(mode), permissionsText(mode)];
    if (modeTexts.size < 4096) modeTexts.set(mode, t);
  }
  return t;
};

/** `dir` is normalised: plain concatenation is enough (path.join per entry costs a tenth of a big listing). */
export const toEntry = (dir: string, s: FileStat, targetKind: FileKind | null): FileEntry => {
  const [mode, permissions] = modeText(s.mode);
  return {
    name: s.name,
    path: dir === '/' ? `/${s.name}` : `${dir}/${s.name}`,
    kind: s.kind,
    targetKind,
    size: s.size,
    mtime: iso(s.mtimeMs),
    mode,
    permissions,
    owner: s.owner,
    group: s.group,
  };
};

const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Folders first (links to folders count as folders), then by the key; the name breaks ties.
 * Keys are computed once per entry and compared as plain values: a collator compare per pair makes
 * a 100,000-entry sort take seconds.
 */
export const sortEntries = (entries: FileEntry[], sort: SortKey, order: 'asc' | 'desc'): FileEntry[] => {
  const sign = order === 'asc' ? 1 : -1;
  const keyed = entries.map((e) => {
    const dir = e.kind === 'dir' || (e.kind === 'link' && e.targetKind === 'dir');
    const lower = e.name.toLowerCase();
    const key =
      sort === 'size' ? e.size : sort === 'mtime' ? e.mtime : sort === 'kind' ? (dir ? '' : posix.extname(lower)) : lower;
    return { e, dir, key, lower };
  });
  keyed.sort((a, b) => {
    if (a.dir !== b.dir) return a.dir ? -1 : 1;
    return sign * (cmp(a.key, b.key) || cmp(a.lower, b.lower) || cmp(a.e.name, b.e.name));
  });
  return keyed.map((k) => k.e);
};

export const visible = (entries: FileEntry[], showHidden: boolean, filter: string | undefined): FileEntry[] => {
  const needle = filter?.toLowerCase();
  return entries.filter((e) => (showHidden || !e.name.startsWith('.')) && (!needle || e.name.toLowerCase().includes(needle)));
};

/**
 * A few seconds of memory for sorted listings, so paging through a huge folder lists it once.
 * Small LRU (Map keeps insertion order); a write into a folder drops that folder's entries.
 */
export class ListingCache {
  private readonly map = new Map<string, { at: number; entries: FileEntry[] }>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 16,
    private readonly now: () => number = Date.now,
  ) {}

  /** Hidden entries and the name filter are applied per request, on top of the cached listing. */
  static key(userId: number, clusterId: string, dir: string, sort: string, order: string): string {
    return JSON.stringify([userId, clusterId, dir, sort, order]);
  }

  get(key: string): FileEntry[] | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    if (this.now() - hit.at > this.ttlMs) return undefined;
    this.map.set(key, hit);
    return hit.entries;
  }

  set(key: string, entries: FileEntry[]): void {
    this.map.delete(key);
    this.map.set(key, { at: this.now(), entries });
    while (this.map.size > this.maxEntries) this.map.delete(this.map.keys().next().value as string);
  }

  /** Forgets every cached listing of these folders (for any user: they may share a folder). */
  invalidate(clusterId: string, dirs: Iterable<string>): void {
    const gone = new Set(dirs);
    for (const key of [...this.map.keys()]) {
      const [, c, d] = JSON.parse(key) as [number, string, string];
      if (c === clusterId && gone.has(d)) this.map.delete(key);
    }
  }
}
