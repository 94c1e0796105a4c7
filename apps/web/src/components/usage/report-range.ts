import dayjs, { type Dayjs } from 'dayjs';
import type { ReportInterval } from '@portal/shared';

/*
 * The report's time ranges (spec section 9): one day, week, month, quarter, three months, year, and
 * a custom range of whole days. "Day", "week", "month", "quarter" and "year" run from the start of
 * the current calendar period to today (weeks start on Monday, quarters in month steps of three);
 * "three months" is the last three months up to today.
 */
export const RANGE_KINDS = ['day', 'week', 'month', 'quarter', 'threeMonths', 'year', 'custom'] as const;
export type RangeKind = (typeof RANGE_KINDS)[number];

/** Whole days, both inclusive, as the API takes them. */
export interface DayRange {
  from: string;
  to: string;
}

export const DAY_FORMAT = 'YYYY-MM-DD';
const day = (d: Dayjs) => d.format(DAY_FORMAT);

/** The first day of the quarter a day falls in: January, April, July or October the 1st. */
export const quarterStart = (d: Dayjs): Dayjs => {
  const month = Math.floor(d.month() / 3) * 3;
  return d.startOf('month').month(month);
};

/** Monday of the week a day falls in (dayjs' own week starts on Sunday in English). */
export const weekStart = (d: Dayjs): Dayjs => d.startOf('day').subtract((d.day() + 6) % 7, 'day');

/** The days a preset range covers, ending today. */
export const presetRange = (kind: Exclude<RangeKind, 'custom'>, today: Dayjs): DayRange => {
  const end = today.startOf('day');
  const start: Record<typeof kind, () => Dayjs> = {
    day: () => end,
    week: () => weekStart(end),
    month: () => end.startOf('month'),
    quarter: () => quarterStart(end),
    threeMonths: () => end.subtract(3, 'month').add(1, 'day'),
    year: () => end.startOf('year'),
  };
  return { from: day(start[kind]()), to: day(end) };
};

/** Days a range covers, both ends counted. */
export const rangeDays = ({ from, to }: DayRange): number => dayjs(to).diff(dayjs(from), 'day') + 1;

/** The trend's default step: days up to a month, weeks up to half a year, months beyond. */
export const defaultInterval = (range: DayRange): ReportInterval => {
  const days = rangeDays(range);
  if (days <= 31) return 'day';
  if (days <= 183) return 'week';
  return 'month';
};

const isDay = (text: string | null): text is string => !!text && /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).isValid();

/**
 * The range of a custom choice: a missing or unreadable end falls back to today, a start after its
 * end is swapped, nothing lies after today.
 */
export const customRange = (from: string | null, to: string | null, today: Dayjs): DayRange => {
  const last = day(today);
  let a = isDay(from) ? from : last;
  let b = isDay(to) ? to : last;
  if (a > b) [a, b] = [b, a];
  return { from: a > last ? last : a, to: b > last ? last : b };
};

export const isRangeKind = (v: string | null): v is RangeKind => RANGE_KINDS.some((k) => k === v);

/**
 * Today in the report time zone (the server counts days there), or in the browser's until the
 * server has named its zone; an unknown zone also falls back to the browser's.
 */
export const todayIn = (timeZone: string | undefined, now: Date = new Date()): Dayjs => {
  if (!timeZone) return dayjs(now);
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return dayjs(new Intl.DateTimeFormat('en-CA', { timeZone }).format(now));
  } catch {
    return dayjs(now);
  }
};
