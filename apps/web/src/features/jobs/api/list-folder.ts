import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { listFiles, type ContractData } from '@portal/shared';
import { api, ApiError } from '../../../lib/api-client';

/** Rows per call in the pickers: enough for most folders, more on demand. */
const PICKER_PAGE = 200;

/** A page of a folder; `startError`: the folder asked for could not be read, this is the home. */
export type PickerPage = ContractData<typeof listFiles> & { startError?: ApiError };

interface PageParam {
  /** undefined: the home. */
  path: string | undefined;
  offset: number;
}

/**
 * One folder of a cluster for the submission form's pickers, through the file manager's listing
 * (the same roots and checks): folders first, by name; `filter` narrows by name on the server.
 * With `fallBack`, a folder that cannot be read (not made yet, outside the roots) lists the home
 * instead and says why.
 */
export const usePickerFolder = (
  clusterId: string | undefined,
  path: string | undefined,
  filter: string,
  opts: { enabled: boolean; fallBack: boolean },
) => {
  const initialPageParam: PageParam = { path, offset: 0 };
  return useInfiniteQuery({
    queryKey: ['files', 'list', 'picker', clusterId ?? '', path ?? '', filter, opts.fallBack],
    queryFn: async ({ pageParam, signal }): Promise<PickerPage> => {
      const list = (at: string | undefined) =>
        api(listFiles, {
          query: {
            clusterId,
            path: at,
            filter: filter || undefined,
            sort: 'name',
            order: 'asc',
            pageStart: pageParam.offset,
            pageLimit: PICKER_PAGE,
          },
          signal,
        });
      if (!opts.fallBack || pageParam.offset > 0 || pageParam.path === undefined) return list(pageParam.path);
      try {
        return await list(pageParam.path);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        return { ...(await list(undefined)), startError: err };
      }
    },
    initialPageParam,
    // Later pages read the folder the first one showed (the home after a fall-back).
    getNextPageParam: (last, pages): PageParam | undefined => {
      const loaded = pages.reduce((n, p) => n + p.list.length, 0);
      return loaded < last.total && last.list.length > 0 ? { path: pages[0]?.path ?? last.path, offset: loaded } : undefined;
    },
    placeholderData: keepPreviousData,
    enabled: opts.enabled,
    retry: false,
  });
};
