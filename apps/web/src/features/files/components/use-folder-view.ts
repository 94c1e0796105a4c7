import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FILE_SORTS } from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { folderQuery, useFolder, type FolderView } from '../api/list-files';

const FILTER_DELAY_MS = 250;

export type SortKey = (typeof FILE_SORTS)[number];
export interface Sorting {
  sort: SortKey;
  order: 'asc' | 'desc';
}

/**
 * Which folder is shown and how: path, sort, hidden files, name filter. Going to another folder
 * reads its first page before switching, so a bad path leaves the user where they were with the
 * reason shown.
 */
export const useFolderView = () => {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [path, setPath] = useState<string | undefined>(undefined);
  const [sorting, setSorting] = useState<Sorting>({ sort: 'name', order: 'asc' });
  const [showHidden, setShowHidden] = useState(false);
  const [filterText, setFilter] = useState('');
  const [filter, setDebouncedFilter] = useState('');
  // The server filters: ask once typing pauses, not at every key.
  useEffect(() => {
    const timer = setTimeout(() => setDebouncedFilter(filterText.trim()), FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filterText]);
  const [going, setGoing] = useState(false);

  const view: FolderView = useMemo(
    () => ({ path, ...sorting, showHidden, filter: filter || undefined }),
    [path, sorting, showHidden, filter],
  );
  const folder = useFolder(view);
  const first = folder.data?.pages[0];
  const rows = useMemo(() => folder.data?.pages.flatMap((p) => p.list) ?? [], [folder.data]);

  /** Answers whether the folder could be opened. */
  const go = useCallback(
    async (to: string | undefined): Promise<boolean> => {
      setGoing(true);
      try {
        await qc.fetchInfiniteQuery(folderQuery({ ...view, path: to, filter: undefined }));
        setFilter('');
        setDebouncedFilter('');
        setPath(to);
        return true;
      } catch (err) {
        void message.error(errorText(err));
        return false;
      } finally {
        setGoing(false);
      }
    },
    [qc, view, message, errorText],
  );

  return {
    view,
    folder,
    rows,
    /** The folder shown, canonical, once known. */
    current: first?.path ?? path ?? '',
    home: first?.home ?? '',
    roots: first?.roots ?? [],
    total: first?.total ?? 0,
    going,
    go,
    sorting,
    setSorting,
    showHidden,
    setShowHidden,
    filterText,
    setFilter,
  };
};

export type FolderViewState = ReturnType<typeof useFolderView>;
