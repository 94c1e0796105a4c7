import type { ReportInterval } from '@portal/shared';
import { addDays, weekday } from '../../lib/zone-days.js';

/* The periods of a trend: days, weeks starting on Monday, calendar months (days as YYYYMMDD). */

/** The first day of the period holding `day`. */
export const periodOf = (day: number, interval: ReportInterval): number => {
  if (interval === 'week') return addDays(day, 1 - weekday(day));
  if (interval === 'month') return Math.floor(day / 100) * 100 + 1;
  return day;
};

const nextPeriod = (start: number, interval: ReportInterval): number => {
  if (interval === 'day') return addDays(start, 1);
  if (interval === 'week') return addDays(start, 7);
  const year = Math.floor(start / 10000);
  const month = Math.floor(start / 100) % 100;
  return month === 12 ? (year + 1) * 10000 + 101 : year * 10000 + (month + 1) * 100 + 1;
};

/** Every period the range touches, in order (the first may start before `from`). */
export const periodsOf = (from: number, to: number, interval: ReportInterval): number[] => {
  const out: number[] = [];
  for (let p = periodOf(from, interval); p <= to; p = nextPeriod(p, interval)) out.push(p);
  return out;
};
