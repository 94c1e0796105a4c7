import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  alarmTemplatesResources,
  alarmTemplatesTemplateResources,
  MAX_PAGE_SIZE,
  type AssetType,
  type TemplateResource,
} from '@portal/shared';
import { api } from '../../../lib/api-client';

export interface ResourceChoiceFilter {
  resourceType: AssetType;
  keyword?: string | undefined;
  pageStart: number;
  pageLimit: number;
}

/** Assets of a type to pick for a template, each with the template that holds it. */
export const useResourceChoices = (filter: ResourceChoiceFilter) =>
  useQuery({
    queryKey: ['alarms', 'resourceChoices', filter],
    queryFn: ({ signal }) => api(alarmTemplatesResources, { query: filter, signal }),
    placeholderData: keepPreviousData,
  });

/** Every resource of a template, read a page of the largest size at a time. */
export const fetchAllTemplateResources = async (id: number, signal?: AbortSignal): Promise<TemplateResource[]> => {
  const all: TemplateResource[] = [];
  for (;;) {
    const page = await api(alarmTemplatesTemplateResources, {
      query: { id, pageStart: all.length, pageLimit: MAX_PAGE_SIZE },
      ...(signal ? { signal } : {}),
    });
    all.push(...page.list);
    if (page.list.length === 0 || all.length >= page.total) return all;
  }
};

export const templateResourcesQuery = (id: number) =>
  queryOptions({
    queryKey: ['alarms', 'templateResources', id],
    queryFn: ({ signal }) => fetchAllTemplateResources(id, signal),
    // The dialog starts from what the template holds now.
    staleTime: 0,
  });

/** A template's resources (null: a new template, none). */
export const useTemplateResources = (id: number | null) => useQuery({ ...templateResourcesQuery(id ?? 0), enabled: id !== null });
