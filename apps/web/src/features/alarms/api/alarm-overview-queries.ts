import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { alarmsCount, alarmsCountByMetric, alarmsSystemTime, alarmsTopResources, alarmsTrend } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { TOP_RESOURCES } from '../components/alarm-overview-model';

/*
 * The alarm overview's reads (issue 16, docs/alarms.md "The overview"): over the last day when no
 * range is given, else over the range. The last day moves with the clock: its reads are repeated
 * at the session's refresh interval (refreshMs); a range of past days is read once.
 */

export interface OverviewRange {
  startTime?: string;
  endTime?: string;
}

/** Every read of the overview starts with this key: one refresh renews them all. */
export const OVERVIEW_KEY = ['alarms', 'overview'] as const;

export const useAlarmCount = (range: OverviewRange, refreshMs?: number) =>
  useQuery(
    queryOptions({
      queryKey: [...OVERVIEW_KEY, 'count', range],
      queryFn: ({ signal }) => api(alarmsCount, { query: range, signal }),
      placeholderData: keepPreviousData,
      refetchInterval: refreshMs ?? false,
    }),
  );

export const useAlarmTrend = (range: OverviewRange, refreshMs?: number) =>
  useQuery(
    queryOptions({
      queryKey: [...OVERVIEW_KEY, 'trend', range],
      queryFn: ({ signal }) => api(alarmsTrend, { query: range, signal }),
      placeholderData: keepPreviousData,
      refetchInterval: refreshMs ?? false,
    }),
  );

export const useAlarmsByMetric = (range: OverviewRange, refreshMs?: number) =>
  useQuery(
    queryOptions({
      queryKey: [...OVERVIEW_KEY, 'byMetric', range],
      queryFn: ({ signal }) => api(alarmsCountByMetric, { query: range, signal }),
      placeholderData: keepPreviousData,
      refetchInterval: refreshMs ?? false,
    }),
  );

export const useTopResources = (range: OverviewRange, refreshMs?: number) =>
  useQuery(
    queryOptions({
      queryKey: [...OVERVIEW_KEY, 'topResources', range],
      queryFn: ({ signal }) => api(alarmsTopResources, { query: { ...range, topN: TOP_RESOURCES }, signal }),
      placeholderData: keepPreviousData,
      refetchInterval: refreshMs ?? false,
    }),
  );

/** The server's time ("as of") and the zone its days are counted in. */
export const useAlarmSystemTime = (refreshMs?: number) =>
  useQuery(
    queryOptions({
      queryKey: [...OVERVIEW_KEY, 'systemTime'],
      queryFn: ({ signal }) => api(alarmsSystemTime, { signal }),
      refetchInterval: refreshMs ?? false,
    }),
  );
