import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { alarmsActive, alarmsDetails, alarmsHistory, alarmsSeverityCount } from '@portal/shared';
import { api } from '../../../lib/api-client';
import type { AlarmListQuery, AlarmTab } from '../components/alarm-list-model';

/*
 * The alarm list's reads (issue 16): a page of real-time or historical alarms, the open alarms by
 * level, and one alarm's details. Real-time alarms and the counts follow the alarms as they are
 * raised and recovered: they are read again at the session's refresh interval (spec section 9,
 * 30 s unless the server says otherwise).
 */

const CONTRACTS = { active: alarmsActive, history: alarmsHistory } as const;

export const alarmListQuery = (tab: AlarmTab, query: AlarmListQuery, refreshMs?: number) =>
  queryOptions({
    queryKey: ['alarms', 'list', tab, query],
    queryFn: ({ signal }) => api(CONTRACTS[tab], { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: tab === 'active' && refreshMs ? refreshMs : false,
  });

export const useAlarmList = (tab: AlarmTab, query: AlarmListQuery, refreshMs?: number) =>
  useQuery(alarmListQuery(tab, query, refreshMs));

export const severityCountQuery = (refreshMs?: number) =>
  queryOptions({
    queryKey: ['alarms', 'severityCount'],
    queryFn: ({ signal }) => api(alarmsSeverityCount, { query: {}, signal }),
    refetchInterval: refreshMs ?? false,
  });

export const useSeverityCount = (refreshMs?: number) => useQuery(severityCountQuery(refreshMs));

export const alarmDetailsQuery = (id: number | null) =>
  queryOptions({
    queryKey: ['alarms', 'details', id],
    queryFn: ({ signal }) => {
      if (id === null) throw new Error('no alarm');
      return api(alarmsDetails, { body: { id }, signal });
    },
    enabled: id !== null,
  });

/** An alarm with its confirmation log, its metric an hour either side and its resource's latest alarms. */
export const useAlarmDetails = (id: number | null) => useQuery(alarmDetailsQuery(id));
