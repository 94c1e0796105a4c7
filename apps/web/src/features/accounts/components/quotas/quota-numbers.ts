import { formatCoreHours, type QuotaItem } from '@portal/shared';

/** One limit as a meter shows it: hours (or jobs) used, reserved by queued and running jobs, and the limit. */
export interface Meter {
  used: number;
  reserved: number;
  /** null: no limit. */
  limit: number | null;
}

/** over: the limit is reached (new jobs are refused); near: used and reserved reach it. */
export type MeterState = 'ok' | 'near' | 'over';

const hours = (seconds: number) => seconds / 3600;

/** The three meters of a quota (its core-hours, card-hours and running jobs). */
export const metersOf = (q: QuotaItem) => ({
  coreHours: { used: hours(q.coreSecondsUsed), reserved: hours(q.coreSecondsReserved), limit: q.coreHoursLimit },
  cardHours: { used: hours(q.cardSecondsUsed), reserved: hours(q.cardSecondsReserved), limit: q.cardHoursLimit },
  runningJobs: { used: q.runningJobs, reserved: 0, limit: q.maxRunningJobs },
});

/** Percent of the limit, 0..100 (a limit of 0 reads as full: nothing more may run). */
export const percentOf = (value: number, limit: number) => (limit <= 0 ? 100 : Math.min(100, (value / limit) * 100));

export const meterState = ({ used, reserved, limit }: Meter): MeterState => {
  if (limit === null) return 'ok';
  if (used >= limit) return 'over';
  return used + reserved >= limit ? 'near' : 'ok';
};

/** Hours with two decimals (spec section 9's core-hour formatting: M and B above a million). */
export const formatHours = (h: number) => formatCoreHours(h);
