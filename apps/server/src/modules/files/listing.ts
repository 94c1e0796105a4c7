import { posix } from 'node:path';
import type { FileEntry } from '@portal/shared';
import type { FileKind, FileStat } from '../../cluster/access/types.js';
import { mapInTurns, sortInTurns } from '../../lib/sort-in-turns.js';
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

/** What sorting needs of a row: its name, whether it counts as a folder, and its value for the key. */
interface Sortable {
  name: string;
  kind: FileKind;
  targetKind: FileKind | null;
  size?: number;
  mtimeMs?: number;
}

interface Keyed<T> {
  e: T;
  dir: boolean;
  key: string | number;
  /** The lower-cased name: the key itself by name or kind; by size or time, made on a tie only. */
  lower: string | undefined;
}

const lowerOf = <T extends Sortable>(k: Keyed<T>): string => (k.lower ??= k.e.name.toLowerCase());

/** Fills `into` (or a new record) with an entry's sort keys. */
const keyer =
  <T extends Sortable>(sort: SortKey) =>
  (e: T, into?: Keyed<T>): Keyed<T> => {
    const dir = e.kind === 'dir' || (e.kind === 'link' && e.targetKind === 'dir');
    // By size or time most comparisons end at the number: lower-casing every name (tens of ms for
    // 100,000) is left to the ties.
    const lower = sort === 'size' || sort === 'mtime' ? undefined : e.name.toLowerCase();
    const key =
      sort === 'size'
        ? (e.size ?? 0)
        : sort === 'mtime'
          ? (e.mtimeMs ?? 0)
          : sort === 'kind'
            ? dir
              ? ''
              : posix.extname(lower ?? '')
            : (lower ?? '');
    if (!into) return { e, dir, key, lower };
    into.e = e;
    into.dir = dir;
    into.key = key;
    into.lower = lower;
    return into;
  };

const comparer =
  <T extends Sortable>(order: 'asc' | 'desc') =>
  (a: Keyed<T>, b: Keyed<T>): number => {
    if (a.dir !== b.dir) return a.dir ? -1 : 1;
    const byKey = typeof a.key === 'number' && typeof b.key === 'number' ? a.key - b.key : cmp(a.key, b.key);
    return (order === 'asc' ? 1 : -1) * (byKey || cmp(lowerOf(a), lowerOf(b)) || cmp(a.e.name, b.e.name));
  };

/**
 * Folders first (links to folders count as folders), then by the key; the name breaks ties
 * (lower-cased, then as written, both by UTF-16 code units). Keys are computed once per entry and
 * compared as plain values: a collator compare per pair makes a 100,000-entry sort take seconds.
 * Sorting by name or kind needs only names and kinds (`DirName`); by size or time, a stat of each.
 */
export const sortEntries = <T extends Sortable>(entries: T[], sort: SortKey, order: 'asc' | 'desc'): T[] =>
  entries
    .map((e) => keyer<T>(sort)(e))
    .sort(comparer<T>(order))
    .map((k) => k.e);

/**
 * `sortEntries` done in slices, the event loop getting a turn between them: the full order of a
 * million names takes seconds, and the server keeps answering meanwhile.
 */
export const sortEntriesInTurns = async <T extends Sortable>(
  entries: T[],
  sort: SortKey,
  order: 'asc' | 'desc',
): Promise<T[]> => {
  const key = keyer<T>(sort);
  const keyed = await mapInTurns(entries, (e) => key(e));
  return mapInTurns(await sortInTurns(keyed, comparer<T>(order)), (k) => k.e);
};

/**
 * The first `count` entries of `sortEntries`' order, without sorting them all: one pass keeping
 * the best `count` in a heap (the worst of them on top), O(n log count). The first page of a
 * million names so costs a pass, not a full sort (seconds).
 */
export const firstSorted = <T extends Sortable>(entries: T[], sort: SortKey, order: 'asc' | 'desc', count: number): T[] => {
  const key = keyer<T>(sort);
  const compare = comparer<T>(order);
  if (count <= 0) return [];
  // Max-heap by `compare`: a parent sorts after its children, so the worst kept entry is on top.
  const heap: Keyed<T>[] = [];
  const at = (i: number): Keyed<T> => {
    const k = heap[i];
    if (!k) throw new RangeError(`heap index ${i}`);
    return k;
  };
  const swap = (i: number, j: number) => {
    const t = at(i);
    heap[i] = at(j);
    heap[j] = t;
  };
  // Most entries are compared with the top and dropped: their keys go into one scratch record.
  let scratch: Keyed<T> | undefined;
  for (const e of entries) {
    if (heap.length < count) {
      heap.push(key(e));
      for (let i = heap.length - 1; i > 0 && compare(at(i), at((i - 1) >> 1)) > 0; i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (compare((scratch = key(e, scratch)), at(0)) < 0) {
      heap[0] = scratch;
      scratch = undefined;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        let top = i;
        if (l < heap.length && compare(at(l), at(top)) > 0) top = l;
        if (l + 1 < heap.length && compare(at(l + 1), at(top)) > 0) top = l + 1;
        if (top === i) break;
        swap(i, top);
        i = top;
      }
    }
  }
  return heap.sort(compare).map((k) => k.e);
};

export const visible = <T extends { name: string }>(entries: T[], showHidden: boolean, filter: string | undefined): T[] => {
  if (showHidden && !filter) return entries;
  const needle = filter?.toLowerCase();
  return entries.filter((e) => (showHidden || !e.name.startsWith('.')) && (!needle || e.name.toLowerCase().includes(needle)));
};

/**
 * A few seconds of memory for listings, so paging through a huge folder reads it once: the
 * folder's names (phase one) or full listing, and each sorted order of them. A pending read is
 * kept too, so requests that arrive together share one. Small LRU (Map keeps insertion order); a
 * write into a folder drops that folder's entries.
 */
export class ListingCache<T> {
  private readonly map = new Map<string, { at: number; keepMs: number; value: Promise<T>; place: string }>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 32,
    private readonly now: () => number = Date.now,
  ) {}

  private static place(clusterId: string, dir: string): string {
    return JSON.stringify([clusterId, dir]);
  }

  /**
   * The cached listing of a folder as one user read it, or `load`'s (kept unless it fails).
   * `what` tells the listings of one folder apart ('names', 'names:name:asc', ...).
   */
  async get(userId: number, clusterId: string, dir: string, what: string, load: () => Promise<T>): Promise<T> {
    const key = JSON.stringify([userId, clusterId, dir, what]);
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      if (this.now() - hit.at <= hit.keepMs) {
        this.map.set(key, hit);
        return hit.value;
      }
    }
    const started = this.now();
    const value = load();
    const entry = { at: started, keepMs: this.ttlMs, value, place: ListingCache.place(clusterId, dir) };
    this.map.set(key, entry);
    // Kept from when the read ended, and longer for a read that took long (a million entries read
    // in seconds must not expire before the next page is asked for), at most a minute.
    void value.then(
      () => {
        entry.at = this.now();
        entry.keepMs = Math.min(60_000, Math.max(this.ttlMs, 3 * (entry.at - started)));
      },
      () => undefined,
    );
    for (const oldest of this.map.keys()) {
      if (this.map.size <= this.maxEntries) break;
      this.map.delete(oldest);
    }
    value.catch(() => {
      if (this.map.get(key)?.value === value) this.map.delete(key);
    });
    return value;
  }

  /** The cached listing (or the read under way) if there is one still fresh; nothing is loaded. */
  peek(userId: number, clusterId: string, dir: string, what: string): Promise<T> | undefined {
    const hit = this.map.get(JSON.stringify([userId, clusterId, dir, what]));
    return hit && this.now() - hit.at <= hit.keepMs ? hit.value : undefined;
  }

  /** Forgets every cached listing of these folders (for any user: they may share a folder). */
  invalidate(clusterId: string, dirs: Iterable<string>): void {
    const gone = new Set([...dirs].map((d) => ListingCache.place(clusterId, d)));
    for (const [key, hit] of [...this.map]) if (gone.has(hit.place)) this.map.delete(key);
  }
}
