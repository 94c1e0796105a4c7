import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FILE_SORTS } from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { folderQuery, useFolder, type FolderView } from '../api/list-files';
import { useClusterChoice } from './use-cluster-choice';

const FILTER_DELAY_MS = 250;

export type SortKey = (typeof FILE_SORTS)[number];
export interface Sorting {
  sort: SortKey;
  order: 'asc' | 'desc';
}

interface Place {
  clusterId: string | undefined;
  /** undefined: the home folder. */
  path: string | undefined;
}

/**
 * Which cluster and folder are shown and how: path, sort, hidden files, name filter. Going to
 * another folder or cluster reads its first page before switching, so a bad path or an unreachable
 * cluster leaves the user where they were with the reason shown. Another cluster opens at its home.
 */
export const useFolderView = (startPath?: string) => {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { clusters, cluster, clusterId, ready, choose } = useClusterChoice();
  // The folder is kept with its cluster, so a folder of one cluster is never asked of another.
  const [place, setPlace] = useState<Place>({ clusterId: undefined, path: undefined });
  const path = place.clusterId === clusterId ? place.path : undefined;
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
    () => ({ clusterId, path, ...sorting, showHidden, filter: filter || undefined }),
    [clusterId, path, sorting, showHidden, filter],
  );
  const folder = useFolder(view, ready);
  const first = folder.data?.pages[0];

  const rows = useMemo(() => folder.data?.pages.flatMap((p) => p.list) ?? [], [folder.data]);

  /** Answers whether the folder could be opened. */
  const open = useCallback(
    async (to: Place): Promise<boolean> => {
      setGoing(true);
      try {
        await qc.fetchInfiniteQuery(folderQuery({ ...view, ...to, filter: undefined }));
        setFilter('');
        setDebouncedFilter('');
        if (to.clusterId && to.clusterId !== clusterId) choose(to.clusterId);
        setPlace(to);
        return true;
      } catch (err) {
        void message.error(errorText(err));
        return false;
      } finally {
        setGoing(false);
      }
    },
    [qc, view, clusterId, choose, message, errorText],
  );
  const go = useCallback((to: string | undefined) => open({ clusterId, path: to }), [open, clusterId]);
  // The folder the window was opened on (a job's folder), gone to like any other: one that cannot
  // be read (removed, outside the roots) leaves the home shown, with the reason.
  const startTried = useRef(false);
  useEffect(() => {
    if (!ready || !startPath || startTried.current) return;
    startTried.current = true;
    void open({ clusterId, path: startPath });
  }, [ready, startPath, clusterId, open]);
  /** Opens the home folder of another cluster; answers whether it could be read. */
  const goCluster = useCallback((id: string) => open({ clusterId: id, path: undefined }), [open]);

  return {
    /** The configured clusters; the cluster shown (undefined while the list is read). */
    clusters,
    cluster,
    clusterId,
    goCluster,
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
