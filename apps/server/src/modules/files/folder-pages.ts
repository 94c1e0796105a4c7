import type { FileEntry } from '@portal/shared';
import type { DirName, FileSession } from '../../cluster/access/types.js';
import { firstSorted, ListingCache, sortEntriesInTurns, toEntry, visible, type SortKey } from './listing.js';

/** What a page of a folder is asked with (the listing contract's query, the folder checked). */
export interface PageQuery {
  sort: SortKey;
  order: 'asc' | 'desc';
  showHidden: boolean;
  filter?: string | undefined;
  pageStart: number;
  pageLimit: number;
}

/** Pages ending up to here are selected from the unsorted names while the full order is not sorted yet. */
const SELECT_MAX = 1000;

/** The full order is sorted this long after a selected page was answered. */
const SORT_AFTER_MS = 100;

/** Who reads which folder: cached listings are one user's, on one cluster. */
export interface FolderRef {
  session: FileSession;
  userId: number;
  clusterId: string;
  dir: string;
}

/*
 * Pages of a folder in two phases (docs/files.md, "Big folders"). Sorted by name or kind, a page
 * needs the names and kinds of all entries (the directory's d_type: no stat); sorted by size or
 * time, those plus each entry's size and time (a stat of every entry, in one pass of find). Either
 * way only the page's own rows are stat'ed for their details, after sorting. The first page does
 * not wait for a full sort: its rows are selected in one pass, and the full order is sorted after
 * the answer for the later pages, in slices that leave the server free to answer others (a million
 * names take seconds). The listings are kept
 * for a few seconds, so paging through a folder reads it once; a write through the portal drops them.
 */
export class FolderPages {
  private readonly cache = new ListingCache<DirName[]>();
  /** Full orders whose sort has ended (the cache holds them as promises). */
  private readonly sorted = new WeakSet<Promise<DirName[]>>();
  /** Full orders to be sorted, or being sorted, after their first page was answered. */
  private readonly sorting = new Set<Promise<void>>();

  /** Once every order being sorted in the background is done (benchmarks measure an idle server). */
  async whenSorted(): Promise<void> {
    while (this.sorting.size > 0) await Promise.allSettled([...this.sorting]);
  }

  /** Forgets the listings of these folders (for every user: they may share a folder). */
  invalidate(clusterId: string, dirs: Iterable<string>): void {
    this.cache.invalidate(clusterId, dirs);
  }

  async page(f: FolderRef, q: PageQuery): Promise<{ total: number; list: FileEntry[] }> {
    const stat = q.sort === 'size' || q.sort === 'mtime' ? q.sort : undefined;
    const read = stat ?? 'names';
    const order = `${read}:${q.sort}:${q.order}`;
    const end = q.pageStart + q.pageLimit;
    let sorted = this.cache.peek(f.userId, f.clusterId, f.dir, order);
    // An order still being sorted is not waited for where a selection answers sooner.
    if (sorted && !this.sorted.has(sorted) && end <= SELECT_MAX) sorted = undefined;
    if (!sorted && end <= SELECT_MAX) {
      // The first pages of an order not sorted yet: a selection of the rows up to the page's end
      // (one pass), the full order sorted after the answer, for the pages further on.
      const loaded = this.cache.get(f.userId, f.clusterId, f.dir, read, () => f.session.names(f.dir, stat));
      const rows = visible(await loaded, q.showHidden, q.filter);
      const first = firstSorted(rows, q.sort, q.order, end).slice(q.pageStart);
      const list = await this.details(f, first);
      // Once the answer has left: the sort runs in slices, but the first ones would hold it back.
      const background = new Promise<void>((settle) => {
        setTimeout(() => {
          // Unless the folder was read again (a write dropped it) or the order is there already.
          if (this.cache.peek(f.userId, f.clusterId, f.dir, read) !== loaded) return settle();
          if (this.cache.peek(f.userId, f.clusterId, f.dir, order)) return settle();
          const sorting = this.fullOrder(f, order, async () => sortEntriesInTurns(await loaded, q.sort, q.order));
          sorting.then(
            () => settle(),
            () => settle(),
          );
        }, SORT_AFTER_MS).unref();
      });
      this.sorting.add(background);
      void background.then(() => this.sorting.delete(background));
      return { total: rows.length, list };
    }
    sorted ??= this.fullOrder(f, order, async () => {
      const all = await this.cache.get(f.userId, f.clusterId, f.dir, read, () => f.session.names(f.dir, stat));
      return sortEntriesInTurns(all, q.sort, q.order);
    });
    const rows = visible(await sorted, q.showHidden, q.filter);
    return { total: rows.length, list: await this.details(f, rows.slice(q.pageStart, end)) };
  }

  /** A folder's full order (cached), marked as sorted once it is. */
  private fullOrder(f: FolderRef, order: string, sort: () => Promise<DirName[]>): Promise<DirName[]> {
    const full = this.cache.get(f.userId, f.clusterId, f.dir, order, sort);
    full.then(
      () => this.sorted.add(full),
      () => undefined,
    );
    return full;
  }

  /** The page's rows with their details, in the page's order; a row gone since the names were read is left out. */
  private async details(f: FolderRef, rows: DirName[]): Promise<FileEntry[]> {
    if (rows.length === 0) return [];
    const stats = new Map(
      (
        await f.session.details(
          f.dir,
          rows.map((r) => r.name),
        )
      ).map((s) => [s.name, s]),
    );
    const out: FileEntry[] = [];
    for (const r of rows) {
      const s = stats.get(r.name);
      if (s) out.push(toEntry(f.dir, s, s.kind === 'link' ? r.targetKind : null));
    }
    return out;
  }
}
