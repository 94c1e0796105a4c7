import { describe, expect, it } from 'vitest';
import type { FileEntry } from '@portal/shared';
import { ListingCache, octalMode, permissionsText, sortEntries, visible } from './listing.js';

const entry = (
  name: string,
  kind: FileEntry['kind'],
  size = 0,
  mtime = '2026-01-01T00:00:00.000Z',
  targetKind: FileEntry['targetKind'] = null,
): FileEntry => ({
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

  it('hide dot entries unless asked, and filter names case-insensitively', () => {
    const all = [entry('.bashrc', 'file'), entry('Report.PDF', 'file'), entry('notes', 'file')];
    expect(visible(all, false, undefined).map((e) => e.name)).toEqual(['Report.PDF', 'notes']);
    expect(visible(all, true, undefined)).toHaveLength(3);
    expect(visible(all, true, 'rep').map((e) => e.name)).toEqual(['Report.PDF']);
  });

  it('keep listings for a few seconds, least recently used out first, dropped on writes', () => {
    let now = 0;
    const cache = new ListingCache(1000, 2, () => now);
    const k = (dir: string) => ListingCache.key(1, 'c', dir, 'name', 'asc');
    cache.set(k('/a'), []);
    cache.set(k('/b'), []);
    expect(cache.get(k('/a'))).toEqual([]);
    cache.set(k('/c'), []);
    expect(cache.get(k('/b'))).toBeUndefined();
    expect(cache.get(k('/a'))).toEqual([]);
    cache.invalidate('c', ['/a']);
    expect(cache.get(k('/a'))).toBeUndefined();
    now = 2000;
    expect(cache.get(k('/c'))).toBeUndefined();
  });
});
