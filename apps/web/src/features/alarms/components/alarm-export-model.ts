import type { AlarmExportFilter, AlarmExportRequest } from '@portal/shared';
import { alarmQueryOf, type AlarmCriteria, type AlarmTab } from './alarm-list-model';

/*
 * Alarm exports (issue 16): the list on screen, with its filters, as an export task; and what a
 * task was made with, in words, so two tasks can be told apart.
 */

/** The export of a tab with the filters it shows now: the same query as the list, without the page. */
export const alarmExportBody = (tab: AlarmTab, criteria: AlarmCriteria, lang: 'en' | 'zh'): AlarmExportRequest => {
  const { pageStart: _start, pageLimit: _limit, ...filters } = alarmQueryOf(tab, criteria, { pageStart: 0, pageLimit: 1 });
  return { ...filters, list: tab, lang };
};

/** The filters a task names, in order, with their values as given (severities and times as words by the caller). */
export const EXPORT_FILTER_KEYS = ['severity', 'resourceType', 'metric', 'confirm', 'keyword'] as const;
export type ExportFilterKey = (typeof EXPORT_FILTER_KEYS)[number];

export const exportFilters = (f: AlarmExportFilter): { key: ExportFilterKey; value: string }[] =>
  EXPORT_FILTER_KEYS.flatMap((key) => {
    const value = f[key];
    return value ? [{ key, value }] : [];
  });
