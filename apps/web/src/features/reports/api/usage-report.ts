import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { usageSummary, usageTrend, type ReportDimension, type ReportInterval, type ReportScope } from '@portal/shared';
import { api } from '../../../lib/api-client';
import type { DayRange } from '../../../components/usage/report-range';
import { filterParams, type ReportFilters } from '../../../components/usage/report-filters';

/** Whose usage over which days, narrowed by which filters: what every report call of the page shares. */
export interface UsageBasis {
  range: DayRange;
  scope: ReportScope;
  filters: ReportFilters;
}

/** The range, scope and filters as every report call takes them. */
export const basisQuery = (b: UsageBasis) => ({ from: b.range.from, to: b.range.to, scope: b.scope, ...filterParams(b.filters) });

export interface SummaryRequest extends UsageBasis {
  groupBy: ReportDimension;
  sortBy: 'coreSeconds' | 'cardSeconds' | 'jobs';
  pageStart: number;
  pageLimit: number;
}

export const usageSummaryQuery = (r: SummaryRequest) => {
  const query = {
    ...basisQuery(r),
    groupBy: r.groupBy,
    sortBy: r.sortBy,
    pageStart: r.pageStart,
    pageLimit: r.pageLimit,
  };
  return queryOptions({
    queryKey: ['reports', 'usage', query],
    queryFn: ({ signal }) => api(usageSummary, { query, signal }),
  });
};

export const usageTrendQuery = (b: UsageBasis, interval: ReportInterval) => {
  const query = { ...basisQuery(b), interval };
  return queryOptions({
    queryKey: ['reports', 'trend', query],
    queryFn: ({ signal }) => api(usageTrend, { query, signal }),
  });
};

/** A report figure set; the previous answer stays on screen while a new range or page loads. */
export const useUsageSummary = (r: SummaryRequest) => useQuery({ ...usageSummaryQuery(r), placeholderData: keepPreviousData });

export const useUsageTrend = (b: UsageBasis, interval: ReportInterval) =>
  useQuery({ ...usageTrendQuery(b, interval), placeholderData: keepPreviousData });
