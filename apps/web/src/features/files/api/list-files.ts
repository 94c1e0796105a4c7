import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { listFiles, MAX_PAGE_SIZE, type QueryOf } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** Rows per server page: the most the paging contract allows, so a huge folder needs few calls. */
export const FILES_PAGE_SIZE = MAX_PAGE_SIZE;

export type FolderView = Omit<NonNullable<QueryOf<typeof listFiles>>, 'pageStart' | 'pageLimit'>;

/** A folder of one cluster (`view.clusterId`, part of the key), read page by page as the table scrolls (server-side sort and filter). */
export const folderQuery = (view: FolderView) =>
  infiniteQueryOptions({
    queryKey: ['files', 'list', view],
    queryFn: ({ pageParam, signal }) =>
      api(listFiles, { query: { ...view, pageStart: pageParam, pageLimit: FILES_PAGE_SIZE }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.list.length, 0);
      return loaded < last.total && last.list.length > 0 ? loaded : undefined;
    },
    placeholderData: keepPreviousData,
  });

/** `enabled`: false until the cluster to show is known. */
export const useFolder = (view: FolderView, enabled = true) => useInfiniteQuery({ ...folderQuery(view), enabled });
