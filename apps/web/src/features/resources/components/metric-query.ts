import type { TFunction } from 'i18next';
import { METRIC_RANGE_MAX_DAYS, METRIC_SERIES_MAX, METRIC_SERIES_WARN, expandResourceSelector } from '@portal/shared';

/*
 * The metric backtrack's request before it is sent: the resources the batch selector names (or
 * why it names none, in the user's language), how many series the query reads against the
 * thresholds of spec section 5, and the range's days against the server's limit.
 */

/** What the selector field names: the resources, or the reason it names none (empty text included). */
export type SelectorState = { names: string[] } | { error: string };

export const readSelector = (text: string): SelectorState =>
  text.trim() === '' ? { error: 'no resource named' } : expandResourceSelector(text);

/**
 * A selector error of the host list parser in the user's language; an error it does not know
 * (a newer parser) is shown as it came.
 */
export const selectorErrorText = (t: TFunction<'resources'>, error: string): string => {
  if (error === 'no resource named') return t('metrics.selectorError.empty');
  if (error.startsWith('unbalanced brackets')) return t('metrics.selectorError.unbalanced');
  let m = /^bad host name "(.*)"$/.exec(error);
  if (m) return t('metrics.selectorError.badName', { name: m[1] });
  m = /^bad range "(.*)" in host list "(.*)"$/.exec(error);
  if (m) return t('metrics.selectorError.badRange', { range: m[1], part: m[2] });
  m = /^range "(.*)" runs backwards in host list "(.*)"$/.exec(error);
  if (m) return t('metrics.selectorError.backwards', { range: m[1], part: m[2] });
  m = /^host list "(.*)" is too long$/.exec(error);
  if (m) return t('metrics.selectorError.tooLong', { part: m[1] });
  m = /^bad host list "(.*)"$/.exec(error);
  if (m) return t('metrics.selectorError.badList', { part: m[1] });
  return error;
};

/** The selector with one more resource at its end, unless it already names it. */
export const appendResource = (selector: string, name: string): string => {
  const current = readSelector(selector);
  if ('names' in current && current.names.includes(name)) return selector;
  const kept = selector.trim().replace(/,+$/, '');
  return kept === '' ? name : `${kept},${name}`;
};

/** How a query of this many series stands: fine, slow (confirm first), or refused before sending. */
export type SeriesVerdict = 'ok' | 'slow' | 'tooMany';

export const seriesVerdict = (series: number): SeriesVerdict =>
  series > METRIC_SERIES_MAX ? 'tooMany' : series > METRIC_SERIES_WARN ? 'slow' : 'ok';

/** Whole days from `from` to `to`, both counted (YYYY-MM-DD). */
const daysCovered = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/** The days of a range when it is longer than the server answers, else null. */
export const rangeTooLong = (from: string, to: string): number | null => {
  const days = daysCovered(from, to);
  return days > METRIC_RANGE_MAX_DAYS ? days : null;
};

/** Seconds per point in words: "15 seconds", "2 minutes", "1 hour", "1 day". */
export const stepText = (t: TFunction<'resources'>, seconds: number): string => {
  if (seconds % 86_400 === 0) return t('metrics.step.days', { count: seconds / 86_400 });
  if (seconds % 3_600 === 0) return t('metrics.step.hours', { count: seconds / 3_600 });
  if (seconds % 60 === 0) return t('metrics.step.minutes', { count: seconds / 60 });
  return t('metrics.step.seconds', { count: seconds });
};
