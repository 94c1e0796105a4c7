import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { resourcesListAssets, type AssetType } from '@portal/shared';
import { api } from '../../../lib/api-client';

export interface AssetFilter {
  type?: AssetType | undefined;
  keyword?: string | undefined;
  pageStart: number;
  pageLimit: number;
}

export const assetListQuery = (filter: AssetFilter) =>
  queryOptions({
    queryKey: ['resources', 'assets', filter],
    queryFn: ({ signal }) => api(resourcesListAssets, { query: filter, signal }),
    placeholderData: keepPreviousData,
  });

export const useAssetList = (filter: AssetFilter) => useQuery(assetListQuery(filter));
