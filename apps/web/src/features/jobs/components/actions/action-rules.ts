/** Validation of the priority and extend-time dialogs (spec section 5); answers a translation key. */

import { MAX_JOB_PRIORITY } from '@portal/shared';

export const PRIORITY_MAX = MAX_JOB_PRIORITY;

const natural = /^\d+$/;

export type PriorityProblem = 'priority.required' | 'priority.natural' | 'priority.tooHigh';

/** Not empty, a natural number, not above the maximum. */
export const checkPriority = (text: string, max = PRIORITY_MAX): PriorityProblem | null => {
  const v = text.trim();
  if (v === '') return 'priority.required';
  if (!natural.test(v)) return 'priority.natural';
  if (Number(v) > max) return 'priority.tooHigh';
  return null;
};

export type ExtendProblem = 'extend.required' | 'extend.natural' | 'extend.zero' | 'extend.exceedsQueueMax';

/** Seconds added by hours and minutes (empty counts as 0). */
export const extendSeconds = (hours: string, minutes: string): number =>
  Number(hours.trim() || 0) * 3600 + Number(minutes.trim() || 0) * 60;

/**
 * Hours and minutes not both empty, natural numbers, adding something, and not beyond what the
 * queue's maximum leaves (`extendable` seconds; null = no bound).
 */
export const checkExtend = (hours: string, minutes: string, extendable: number | null): ExtendProblem | null => {
  const h = hours.trim();
  const m = minutes.trim();
  if (h === '' && m === '') return 'extend.required';
  if ((h !== '' && !natural.test(h)) || (m !== '' && !natural.test(m))) return 'extend.natural';
  const added = extendSeconds(h, m);
  if (added === 0) return 'extend.zero';
  if (extendable !== null && added > extendable) return 'extend.exceedsQueueMax';
  return null;
};
