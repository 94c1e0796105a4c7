import { formatCoreHours } from '@portal/shared';

/** Units the large figures end with ("B"/"M" in English, "十亿"/"百万" in Chinese). */
export interface HourUnits {
  billion: string;
  million: string;
}

/** Hours of exact seconds, as a number (charts and sorting). */
export const toHours = (seconds: number): number => seconds / 3600;

/** Seconds as core- or card-hours for display: spec section 9 (0.00 for none, M and B above a million). */
export const formatHours = (seconds: number, units?: HourUnits): string => formatCoreHours(toHours(seconds), units);

/** Exact seconds with thousands separators, for the hover text beside the rounded hours. */
export const formatSeconds = (seconds: number, locale: string): string => seconds.toLocaleString(locale);

/** Hours rounded to two decimals for chart points (the chart's tooltip shows them). */
export const chartHours = (seconds: number): number => Math.round(toHours(seconds) * 100) / 100;
