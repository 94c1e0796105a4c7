import { mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LocalFileSession } from '../../cluster/access/local/local-files.js';
import type { DirName, FileSession, FileStat, StatKey } from '../../cluster/access/types.js';
import { FolderPages, type PageQuery } from './folder-pages.js';

/*
 * The two phases of a page against a real folder (local access as the server's account): names
 * and kinds of all entries, then details of the page's rows only. The session is the real one,
 * with its calls counted.
 */

const N = 1000;
const name = (i: number) => `f${String(i).padStart(4, '0')}.txt`;

/** The real session, counting what each phase asked of it. */
class Counted extends LocalFileSession {
  namesCalls: (StatKey | undefined)[] = [];
  detailed: string[][] = [];
  listCalls = 0;
  override names(dir: string, withStat?: StatKey): Promise<DirName[]> {
    this.namesCalls.push(withStat);
    return super.names(dir, withStat);
  }
  override details(dir: string, names: string[]): Promise<FileStat[]> {
    this.detailed.push(names);
    return super.details(dir, names);
  }
  override list(dir: string): Promise<FileStat[]> {
    this.listCalls++;
    return super.list(dir);
  }
}

describe('pages of a folder in two phases', () => {
  let root: string;
  let dir: string;
  let session: Counted;
  let pages: FolderPages;
  const q = (over: Partial<PageQuery> = {}): PageQuery => ({
    sort: 'name',
    order: 'asc',
    showHidden: false,
    pageStart: 0,
    pageLimit: 10,
    ...over,
  });
  const page = (over: Partial<PageQuery> = {}, s: FileSession = session) =>
    pages.page({ session: s, userId: 1, clusterId: 'c', dir }, q(over));

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'portal-pages-'));
    dir = join(root, 'big');
    mkdirSync(dir);
    // Sizes and times run against the names, so each order is told apart from the name order.
    for (let i = 0; i < N; i++) {
      writeFileSync(join(dir, name(i)), 'x'.repeat(i % 7));
      utimesSync(join(dir, name(i)), 1_700_000_000 - i, 1_700_000_000 - i);
    }
    writeFileSync(join(dir, 'huge.bin'), 'x'.repeat(5000));
    mkdirSync(join(dir, 'sub'));
    symlinkSync('sub', join(dir, 'link-to-sub'));
    symlinkSync('nowhere', join(dir, 'broken'));
    writeFileSync(join(dir, '.hidden'), '');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  beforeEach(() => {
    session = new Counted(root);
    pages = new FolderPages();
  });

  it('sorts by name from names alone and stats only the rows of the page', async () => {
    const first = await page();
    expect(first.total).toBe(N + 4);
    expect(first.list.map((e) => e.name)).toEqual(['link-to-sub', 'sub', 'broken', ...[0, 1, 2, 3, 4, 5, 6].map(name)]);
    expect(first.list[0]).toMatchObject({ kind: 'link', targetKind: 'dir', path: join(dir, 'link-to-sub') });
    expect(first.list[2]).toMatchObject({ kind: 'link', targetKind: null });
    expect(first.list[4]).toMatchObject({ kind: 'file', size: 1, mode: '644', permissions: '-rw-r--r--' });
    expect(session.namesCalls).toEqual([undefined]);
    expect(session.listCalls).toBe(0);
    expect(session.detailed).toEqual([first.list.map((e) => e.name)]);

    // A later page and the other direction come from the names already read.
    const later = await page({ pageStart: 500 });
    expect(later.list.map((e) => e.name)).toEqual([497, 498, 499, 500, 501, 502, 503, 504, 505, 506].map(name));
    const desc = await page({ order: 'desc' });
    expect(desc.list.slice(0, 4).map((e) => e.name)).toEqual(['sub', 'link-to-sub', 'huge.bin', name(N - 1)]);
    expect(session.namesCalls).toEqual([undefined]);
    expect(session.detailed.map((d) => d.length)).toEqual([10, 10, 10]);
  });

  it('selects the first pages from the names, and sorts them all for a page further on', async () => {
    // Descending: the folders, huge.bin, f0999 to f0000, broken (1,004 rows).
    const selected = await page({ order: 'desc', pageStart: 990, pageLimit: 10 });
    expect(selected.list.map((e) => e.name)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map(name));
    const further = await page({ order: 'desc', pageStart: 1000, pageLimit: 10 });
    expect(further.total).toBe(N + 4);
    expect(further.list.map((e) => e.name)).toEqual([...[2, 1, 0].map(name), 'broken']);
    expect(session.namesCalls).toEqual([undefined]);
  });

  it('sorts the full order after a first page, and selects near pages while that sort runs', async () => {
    await page();
    await pages.whenSorted();
    // The background sort is done: a page further on comes from it, the folder read once.
    const further = await page({ pageStart: 1000 });
    expect(further.list.map((e) => e.name)).toEqual([...[997, 998, 999].map(name), 'huge.bin']);

    pages.invalidate('c', [dir]);
    const sorting = page({ order: 'desc', pageStart: 1000 }); // starts the full order
    const near = await page({ order: 'desc', pageStart: 3, pageLimit: 3 });
    expect(near.list.map((e) => e.name)).toEqual([999, 998, 997].map(name));
    expect((await sorting).list.map((e) => e.name)).toEqual([...[2, 1, 0].map(name), 'broken']);
    expect(session.namesCalls).toEqual([undefined, undefined]);
  });

  it('sorts by size or time from one pass with a stat of each, details for the page only', async () => {
    const bySize = await page({ sort: 'size', order: 'desc', pageLimit: 5 });
    // The folder (4096 bytes) before the link to it (3: the text 'sub'); the broken link is 7 bytes.
    expect(bySize.list.map((e) => e.name)).toEqual(['sub', 'link-to-sub', 'huge.bin', 'broken', name(993)]);
    expect(bySize.list[2]?.size).toBe(5000);
    const byTime = await page({ sort: 'mtime', order: 'asc', pageLimit: 6 });
    expect(byTime.list.slice(2).map((e) => e.name)).toEqual([name(999), name(998), name(997), name(996)]);
    expect(session.namesCalls).toEqual(['size', 'mtime']);
    expect(session.listCalls).toBe(0);
    expect(session.detailed.map((d) => d.length)).toEqual([5, 6]);
  });

  it('applies hidden entries and the filter to the names before paging', async () => {
    const hidden = await page({ showHidden: true, pageStart: 2, pageLimit: 1 });
    expect(hidden.total).toBe(N + 5);
    expect(hidden.list.map((e) => e.name)).toEqual(['.hidden']);
    const filtered = await page({ filter: 'F099', pageLimit: 300 });
    expect(filtered.total).toBe(10);
    expect(filtered.list.map((e) => e.name)).toEqual([990, 991, 992, 993, 994, 995, 996, 997, 998, 999].map(name));
    expect(session.namesCalls).toEqual([undefined]);
  });

  it('reads again after a write, and leaves out a row removed between the phases', async () => {
    await page();
    writeFileSync(join(dir, 'aaa.txt'), '');
    try {
      pages.invalidate('c', [dir]);
      const after = await page();
      expect(after.total).toBe(N + 5);
      expect(after.list[2]?.name).toBe('aaa.txt');
      expect(session.namesCalls).toEqual([undefined, undefined]);
      unlinkSync(join(dir, 'aaa.txt'));
      // The names are still cached with aaa.txt; its details are gone: left out of the page.
      const gone = await page();
      expect(gone.list.map((e) => e.name)).not.toContain('aaa.txt');
      expect(gone.list).toHaveLength(9);
    } finally {
      rmSync(join(dir, 'aaa.txt'), { force: true });
    }
  });

  it('answers the errors of the folder as the listing did', async () => {
    await expect(pages.page({ session, userId: 1, clusterId: 'c', dir: join(dir, 'none') }, q())).rejects.toMatchObject({
      reason: 'notFound',
    });
    await expect(pages.page({ session, userId: 1, clusterId: 'c', dir: join(dir, 'huge.bin') }, q())).rejects.toMatchObject({
      reason: 'notDir',
    });
  });
});
