import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { alarmTemplatesList, type AssetType, type TemplateKind } from '@portal/shared';
import { api } from '../../../lib/api-client';

export interface TemplateFilter {
  name?: string | undefined;
  kind?: TemplateKind | undefined;
  resourceType?: AssetType | undefined;
  pageStart: number;
  pageLimit: number;
}

export const templateListQuery = (filter: TemplateFilter) =>
  queryOptions({
    queryKey: ['alarms', 'templates', filter],
    queryFn: ({ signal }) => api(alarmTemplatesList, { query: filter, signal }),
    placeholderData: keepPreviousData,
  });

export const useTemplateList = (filter: TemplateFilter) => useQuery(templateListQuery(filter));
