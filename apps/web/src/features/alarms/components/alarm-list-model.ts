import type { Dayjs } from 'dayjs';
import {
  ALARM_SEVERITIES,
  isRangeOp,
  type AlarmItem,
  type AlarmSeverity,
  type AssetType,
  type QueryOf,
  type alarmsActive,
} from '@portal/shared';

/*
 * The alarm list's logic without React (issue 16, spec sections 2, 4, 5 and 9): the filters as the
 * API's query, how long an alarm lasted in words, and the condition it was raised on.
 */

/** Real-time: the open alarms; history: the recovered ones. */
export const ALARM_TABS = ['active', 'history'] as const;
export type AlarmTab = (typeof ALARM_TABS)[number];

export const CONFIRM_STATES = ['confirmed', 'unconfirmed'] as const;
export type ConfirmState = (typeof CONFIRM_STATES)[number];

export type AlarmListQuery = QueryOf<typeof alarmsActive>;

/** What the filter form holds. */
export interface AlarmFilterValues {
  severities?: AlarmSeverity[];
  resourceType?: AssetType;
  metric?: string;
  confirm?: ConfirmState;
  keyword?: string;
  /** History only: when the alarms were raised, to the second. */
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The filters as the list asks for them; empty fields are left out. */
export interface AlarmCriteria {
  severity?: string;
  resourceType?: AssetType;
  metric?: string;
  confirm?: ConfirmState;
  keyword?: string;
  startTime?: string;
  endTime?: string;
}

/** A range whose start is later than its end (spec section 5: start not later than end). */
export const rangeReversed = (range: AlarmFilterValues['range']): boolean => {
  const [start, end] = range ?? [];
  return !!start && !!end && start.isAfter(end);
};

/** Severities in the spec's order (least to most severe), comma-separated; none is every one. */
export const severityParam = (severities: readonly AlarmSeverity[] | undefined): string | undefined => {
  const chosen = ALARM_SEVERITIES.filter((s) => severities?.includes(s));
  return chosen.length ? chosen.join(',') : undefined;
};

/** The filter form as list criteria. */
export const toAlarmCriteria = (v: AlarmFilterValues): AlarmCriteria => {
  const keyword = v.keyword?.trim();
  const [start, end] = v.range ?? [];
  return {
    severity: severityParam(v.severities),
    resourceType: v.resourceType || undefined,
    metric: v.metric || undefined,
    confirm: v.confirm || undefined,
    keyword: keyword || undefined,
    startTime: start?.toISOString(),
    endTime: end?.toISOString(),
  };
};

/** Whether any criterion narrows the list (an empty answer then means "nothing matches"). */
export const isFiltered = (c: AlarmCriteria, tab: AlarmTab): boolean =>
  Object.entries(c).some(([k, v]) => v !== undefined && (tab === 'history' || (k !== 'startTime' && k !== 'endTime')));

/**
 * The query of a tab's page: the criteria without undefined fields, the raise time only for the
 * history (real-time alarms are open now, whenever they were raised), and the page.
 */
export const alarmQueryOf = (tab: AlarmTab, c: AlarmCriteria, page: { pageStart: number; pageLimit: number }): AlarmListQuery => {
  const { startTime, endTime, ...rest } = c;
  const fields = tab === 'history' ? { ...rest, startTime, endTime } : rest;
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return { ...defined, pageStart: page.pageStart, pageLimit: page.pageLimit };
};

export type DurationKey = 'd' | 'dh' | 'h' | 'hm' | 'm' | 'ms' | 's';

/**
 * How long an alarm lasted, as its two largest units (days and hours, hours and minutes, minutes
 * and seconds) with a zero second unit left out: 90061 s is 1 d 1 h, 3600 s is 1 h.
 */
export const durationParts = (seconds: number): { key: DurationKey; values: Record<string, number> } => {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (d > 0) return h > 0 ? { key: 'dh', values: { d, h } } : { key: 'd', values: { d } };
  if (h > 0) return m > 0 ? { key: 'hm', values: { h, m } } : { key: 'h', values: { h } };
  if (m > 0) return sec > 0 ? { key: 'ms', values: { m, s: sec } } : { key: 'm', values: { m } };
  return { key: 's', values: { s: sec } };
};

/**
 * The condition an alarm was raised on, in parts: a comparison ("<" and 2) or a range (in / out,
 * low and high, which the server writes as "low..high"). `value` formats a number with the
 * metric's unit; a threshold that is not a number is shown as it came.
 */
export type ThresholdParts =
  | { kind: 'none' }
  | { kind: 'compare'; op: string; value: string }
  | { kind: 'range'; op: 'in' | 'out'; low: string; high: string };

export const thresholdParts = (
  alarm: Pick<AlarmItem, 'alarmCondition' | 'threshold' | 'kind'>,
  value: (v: number) => string,
): ThresholdParts => {
  const op = alarm.alarmCondition;
  const text = alarm.threshold.trim();
  if (alarm.kind === 'noData' || op === null || text === '') return { kind: 'none' };
  const num = (s: string) => (s.trim() !== '' && Number.isFinite(Number(s)) ? value(Number(s)) : s.trim());
  if (isRangeOp(op)) {
    const [low = '', high = ''] = text.split('..');
    return { kind: 'range', op, low: num(low), high: num(high) };
  }
  return { kind: 'compare', op, value: num(text) };
};

/** The threshold's numbers, to mark them on the snapshot chart: one for a comparison, two for a range. */
export const thresholdValues = (alarm: Pick<AlarmItem, 'alarmCondition' | 'threshold' | 'kind'>): number[] => {
  if (alarm.kind === 'noData' || alarm.alarmCondition === null) return [];
  return alarm.threshold
    .split('..')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map(Number)
    .filter((n) => Number.isFinite(n));
};

/** The alarms of a page a batch confirmation changes: the selected ones not confirmed yet. */
export const confirmable = (alarms: readonly AlarmItem[], selected: readonly number[]): AlarmItem[] =>
  alarms.filter((a) => selected.includes(a.id) && !a.confirmed);

/** Spec section 5: a remark cannot be empty, and is at most 128 characters. */
export const REMARK_MAX = 128;
export const remarkProblem = (remark: string | undefined): 'required' | 'tooLong' | null => {
  const text = remark?.trim() ?? '';
  if (text === '') return 'required';
  return text.length > REMARK_MAX ? 'tooLong' : null;
};
