import { QUOTA_LIMIT_MAX, type QuotaItem, type SetQuotaBody } from '@portal/shared';

export const LIMIT_FIELDS = ['coreHoursLimit', 'cardHoursLimit', 'maxRunningJobs'] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];

/** The form's texts: a whole number, or blank for no limit. */
export type QuotaValues = Record<LimitField, string>;

/** Whose limits: an account's own (all members together), or one member's within it. */
export interface QuotaTarget {
  accountName: string;
  /** A member's name; absent for the account's own quota. */
  userName?: string;
}

export const valuesOf = (q: QuotaItem | undefined): QuotaValues => ({
  coreHoursLimit: q?.coreHoursLimit == null ? '' : String(q.coreHoursLimit),
  cardHoursLimit: q?.cardHoursLimit == null ? '' : String(q.cardHoursLimit),
  maxRunningJobs: q?.maxRunningJobs == null ? '' : String(q.maxRunningJobs),
});

/** What is wrong with a limit's text (null: nothing; blank is no limit). */
export const limitProblem = (text: string): 'digits' | 'tooLarge' | null => {
  const v = text.trim();
  if (v === '') return null;
  if (!/^\d+$/.test(v)) return 'digits';
  return Number(v) > QUOTA_LIMIT_MAX ? 'tooLarge' : null;
};

const limit = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

export const toQuotaBody = (target: QuotaTarget, v: QuotaValues): SetQuotaBody => ({
  accountName: target.accountName,
  ...(target.userName ? { userName: target.userName } : {}),
  coreHoursLimit: limit(v.coreHoursLimit),
  cardHoursLimit: limit(v.cardHoursLimit),
  maxRunningJobs: limit(v.maxRunningJobs),
});
