import { describe, expect, it } from 'vitest';
import type { FileEntry } from '@portal/shared';
import { firstSorted, ListingCache, octalMode, permissionsText, sortEntries, sortEntriesInTurns, visible } from './listing.js';

const entry = (
  name: string,
  kind: FileEntry['kind'],
  size = 0,
  mtime = '2026-01-01T00:00:00.000Z',
  targetKind: FileEntry['targetKind'] = null,
): FileEntry & { mtimeMs: number } => ({
  name,
  path: `/h/${name}`,
  kind,
  targetKind,
  size,
  mtime,
  mode: '644',
  permissions: '-rw-r--r--',
  owner: 'u',
  group: 'g',
  mtimeMs: Date.parse(mtime),
});

describe('listing helpers', () => {
  it('write permissions like ls and octal like chmod', () => {
    expect(permissionsText(0o40755)).toBe('drwxr-xr-x');
    expect(permissionsText(0o100644)).toBe('-rw-r--r--');
    expect(permissionsText(0o120777)).toBe('lrwxrwxrwx');
    expect(permissionsText(0o104755)).toBe('-rwsr-xr-x');
    expect(permissionsText(0o41777)).toBe('drwxrwxrwt');
    expect(permissionsText(0o102644)).toBe('-rw-r-Sr--');
    expect(octalMode(0o100644)).toBe('644');
    expect(octalMode(0o40700)).toBe('700');
    expect(octalMode(0o104755)).toBe('4755');
  });

  it('sort folders (and links to folders) first, then by the key in either order', () => {
    const all = [
      entry('b.txt', 'file', 30, '2026-01-03T00:00:00.000Z'),
      entry('Zeta', 'dir'),
      entry('a.log', 'file', 10, '2026-01-02T00:00:00.000Z'),
      entry('link', 'link', 5, '2026-01-01T00:00:00.000Z', 'dir'),
      entry('c.txt', 'file', 20, '2026-01-01T00:00:00.000Z'),
    ];
    const names = (sort: Parameters<typeof sortEntries>[1], order: 'asc' | 'desc') =>
      sortEntries(all, sort, order).map((e) => e.name);
    expect(names('name', 'asc')).toEqual(['link', 'Zeta', 'a.log', 'b.txt', 'c.txt']);
    expect(names('name', 'desc')).toEqual(['Zeta', 'link', 'c.txt', 'b.txt', 'a.log']);
    expect(names('size', 'asc')).toEqual(['Zeta', 'link', 'a.log', 'c.txt', 'b.txt']);
    expect(names('mtime', 'desc')).toEqual(['Zeta', 'link', 'b.txt', 'a.log', 'c.txt']);
    expect(names('kind', 'asc')).toEqual(['link', 'Zeta', 'a.log', 'b.txt', 'c.txt']);
  });

  it('select the first rows of each order exactly as the full sort puts them, and sort in turns the same way', async () => {
    // Names that differ only in case, by extension, folders and links to them, equal sizes and times.
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const kinds: FileEntry['kind'][] = ['file', 'dir', 'link', 'other'];
    const all = Array.from({ length: 3000 }, (_, i) => {
      const stem = ['a', 'A', 'b', 'B', 'ä', '_', 'Z', '10', '9'][rnd(9)] ?? '';
      const kind = kinds[rnd(4)] ?? 'file';
      const name = `${stem}${rnd(50)}${['.txt', '.TXT', '.log', ''][rnd(4)] ?? ''}-${i}`;
      return entry(name, kind, rnd(5), new Date(Date.UTC(2026, 0, 1 + rnd(5))).toISOString(), kind === 'link' ? 'dir' : null);
    });
    for (const sort of ['name', 'size', 'mtime', 'kind'] as const)
      for (const order of ['asc', 'desc'] as const) {
        const full = sortEntries(all, sort, order).map((e) => e.name);
        for (const count of [1, 100, 1000, 5000])
          expect(firstSorted(all, sort, order, count).map((e) => e.name)).toEqual(full.slice(0, count));
        expect((await sortEntriesInTurns(all, sort, order)).map((e) => e.name)).toEqual(full);
      }
    expect(firstSorted(all, 'name', 'asc', 0)).toEqual([]);
  });

  it('hide dot entries unless asked, and filter names case-insensitively', () => {
    const all = [entry('.bashrc', 'file'), entry('Report.PDF', 'file'), entry('notes', 'file')];
    expect(visible(all, false, undefined).map((e) => e.name)).toEqual(['Report.PDF', 'notes']);
    expect(visible(all, true, undefined)).toHaveLength(3);
    expect(visible(all, true, 'rep').map((e) => e.name)).toEqual(['Report.PDF']);
  });

  it('sort names and kinds alone (no details) the same way as full entries', () => {
    const names = [
      { name: 'b.txt', kind: 'file' as const, targetKind: null },
      { name: 'Zeta', kind: 'dir' as const, targetKind: null },
      { name: '_under', kind: 'file' as const, targetKind: null },
      { name: 'A.log', kind: 'file' as const, targetKind: null },
      { name: 'a.log', kind: 'file' as const, targetKind: null },
      { name: 'link', kind: 'link' as const, targetKind: 'dir' as const },
      { name: 'broken', kind: 'link' as const, targetKind: null },
    ];
    // Lower-cased code units: '_' (0x5F) sorts before letters; 'A.log' before 'a.log' on a tie.
    expect(sortEntries(names, 'name', 'asc').map((e) => e.name)).toEqual([
      'link',
      'Zeta',
      '_under',
      'A.log',
      'a.log',
      'b.txt',
      'broken',
    ]);
    expect(sortEntries(names, 'name', 'desc').map((e) => e.name)).toEqual([
      'Zeta',
      'link',
      'broken',
      'b.txt',
      'a.log',
      'A.log',
      '_under',
    ]);
    expect(sortEntries(names, 'kind', 'asc').map((e) => e.name)).toEqual([
      'link',
      'Zeta',
      '_under',
      'broken',
      'A.log',
      'a.log',
      'b.txt',
    ]);
  });

  it('keep listings for a few seconds, least recently used out first, dropped on writes', async () => {
    let now = 0;
    const cache = new ListingCache<string[]>(1000, 2, () => now);
    let reads = 0;
    const get = (dir: string) => cache.get(1, 'c', dir, 'names', () => Promise.resolve([dir, String(++reads)]));
    expect(await get('/a')).toEqual(['/a', '1']);
    expect(await get('/b')).toEqual(['/b', '2']);
    expect(await get('/a')).toEqual(['/a', '1']);
    await get('/c');
    // '/b' was the least recently used of three.
    expect(await get('/b')).toEqual(['/b', '4']);
    cache.invalidate('c', ['/b']);
    expect(await get('/b')).toEqual(['/b', '5']);
    now = 2000;
    expect(await get('/b')).toEqual(['/b', '6']);
  });

  it('keep a listing from when its read ended, longer for a slow read (at most a minute)', async () => {
    let now = 0;
    const cache = new ListingCache<number>(1000, 8, () => now);
    let reads = 0;
    // A read of 10 s (a million entries on a busy node): kept 30 s after it ended.
    const slow = async () => {
      now += 10_000;
      return ++reads;
    };
    expect(await cache.get(1, 'c', '/m', 'names', slow)).toBe(1);
    now += 29_000;
    expect(await cache.get(1, 'c', '/m', 'names', slow)).toBe(1);
    now += 2_000;
    expect(await cache.get(1, 'c', '/m', 'names', slow)).toBe(2);
  });

  it('share one read among requests that arrive together, and keep no failed read', async () => {
    const cache = new ListingCache<number>();
    let reads = 0;
    const slow = () => new Promise<number>((ok) => setTimeout(() => ok(++reads), 20));
    expect(await Promise.all([cache.get(1, 'c', '/a', 'x', slow), cache.get(1, 'c', '/a', 'x', slow)])).toEqual([1, 1]);
    await expect(cache.get(1, 'c', '/f', 'x', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.get(1, 'c', '/f', 'x', () => Promise.resolve(7))).toBe(7);
  });
});
