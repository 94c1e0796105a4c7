import type { FileEntry } from '@portal/shared';
import type { DirName, FileSession } from '../../cluster/access/types.js';
import { ListingCache, sortEntries, toEntry, visible, type SortKey } from './listing.js';

/** What a page of a folder is asked with (the listing contract's query, the folder checked). */
export interface PageQuery {
  sort: SortKey;
  order: 'asc' | 'desc';
  showHidden: boolean;
  filter?: string | undefined;
  pageStart: number;
  pageLimit: number;
}

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
 * way only the page's own rows are stat'ed for their details, after sorting. The listings are kept
 * for a few seconds, so paging through a folder reads it once; a write through the portal drops them.
 */
export class FolderPages {
  private readonly cache = new ListingCache<DirName[]>();

  /** Forgets the listings of these folders (for every user: they may share a folder). */
  invalidate(clusterId: string, dirs: Iterable<string>): void {
    this.cache.invalidate(clusterId, dirs);
  }

  async page(f: FolderRef, q: PageQuery): Promise<{ total: number; list: FileEntry[] }> {
    const stat = q.sort === 'size' || q.sort === 'mtime' ? q.sort : undefined;
    const read = stat ?? 'names';
    const sorted = await this.cache.get(f.userId, f.clusterId, f.dir, `${read}:${q.sort}:${q.order}`, async () => {
      const all = await this.cache.get(f.userId, f.clusterId, f.dir, read, () => f.session.names(f.dir, stat));
      return sortEntries(all, q.sort, q.order);
    });
    const rows = visible(sorted, q.showHidden, q.filter);
    return { total: rows.length, list: await this.details(f, rows.slice(q.pageStart, q.pageStart + q.pageLimit)) };
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
