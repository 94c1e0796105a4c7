import dayjs, { type Dayjs } from 'dayjs';

export type DayRange = [Dayjs | null, Dayjs | null] | null | undefined;

/**
 * Future days cannot be picked (spec section 5). "Today" is the browser's unless given: the
 * reports pass the report time zone's day (report-range.ts, todayIn).
 */
export const isFutureDay = (d: Dayjs, today: Dayjs = dayjs()): boolean => d.isAfter(today.endOf('day'));

/**
 * A picked day range as the API's instants: the first day from 00:00:00, the last day until
 * 23:59:59 (spec section 5), in the browser's time zone.
 */
export const dayRangeToIso = (range: DayRange): { startTime?: string; endTime?: string } => ({
  startTime: range?.[0]?.startOf('day').toISOString(),
  endTime: range?.[1]?.endOf('day').toISOString(),
});
