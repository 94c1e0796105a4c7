import { z } from 'zod';
import { defineContract } from '../contract.js';
import { Page } from '../envelope.js';
import { PagingInput, zInt, zOptionalText } from '../input.js';
import { AccountName } from './accounts.js';
import { Timestamp } from './common.js';
import { UNLIMITED } from './queues.js';

/*
 * Quotas (spec sections 1 and 7: `/jm_usermanagement/api/userquotas`, POST with a method
 * override). A quota limits an account, or one member within an account, in core-hours,
 * card-hours (GPU hours) and running jobs. On Slurm they become the associations' GrpTRESMins
 * and MaxJobs (docs/quotas.md); the portal checks them at submission on every scheduler.
 */

/** The largest limit the portal accepts (core-hours, card-hours, running jobs). */
export const QUOTA_LIMIT_MAX = 1_000_000_000;

export const QuotaItem = z.object({
  accountName: z.string(),
  /** '' for the account's own quota (all its members together); a member's name for theirs. */
  userName: z.string(),
  /** null: no limit. */
  coreHoursLimit: z.number().int().nonnegative().nullable(),
  cardHoursLimit: z.number().int().nonnegative().nullable(),
  maxRunningJobs: z.number().int().nonnegative().nullable(),
  /**
   * Core-seconds used (exact; hours are for display): the finished jobs' (from accounting), and what
   * the running jobs have run so far (docs/quotas.md).
   */
  coreSecondsUsed: z.number().int().nonnegative(),
  cardSecondsUsed: z.number().int().nonnegative(),
  /** Core-seconds the queued and running jobs may still use (cores × time limit left). */
  coreSecondsReserved: z.number().int().nonnegative(),
  cardSecondsReserved: z.number().int().nonnegative(),
  runningJobs: z.number().int().nonnegative(),
  updatedAt: Timestamp,
  updatedBy: z.string(),
});
export type QuotaItem = z.infer<typeof QuotaItem>;

export const QuotasQuery = PagingInput.extend({
  /** mine (default): the caller's accounts' quotas and their own; all: every quota (roles that read all accounts). */
  scope: zOptionalText(z.enum(['mine', 'all'])),
  accountName: zOptionalText(z.string().max(64)),
  userName: zOptionalText(z.string().max(64)),
});

export const listQuotas = defineContract({
  id: 'quotas.listQuotas',
  method: 'GET',
  path: '/jm_usermanagement/api/userquotas',
  permission: 'quotas:read',
  methodOverridable: true,
  summary:
    "Quotas with what is used and reserved: the caller's accounts' and their own, or every one for roles that read all accounts",
  query: QuotasQuery,
  data: Page(QuotaItem),
});

/** A limit: a whole number from 0, or '' / null / UNLIMITED for none. */
const QuotaLimit = z
  .union([z.literal(''), z.literal(UNLIMITED), z.null(), zInt().pipe(z.number().int().min(0).max(QUOTA_LIMIT_MAX))])
  .optional()
  .transform((v) => (typeof v === 'number' ? v : null));

export const SetQuotaBody = z.object({
  accountName: AccountName,
  /** Empty: the account's own quota. A member's name: theirs within the account. */
  userName: zOptionalText(z.string().min(1).max(64)),
  coreHoursLimit: QuotaLimit,
  cardHoursLimit: QuotaLimit,
  maxRunningJobs: QuotaLimit,
});
export type SetQuotaBody = z.input<typeof SetQuotaBody>;

export const setQuota = defineContract({
  id: 'quotas.setQuota',
  method: 'POST',
  path: '/jm_usermanagement/api/userquotas',
  permission: 'quotas:manage',
  methodOverridable: true,
  summary:
    "Set an account's quota or a member's within it (every limit; none for no limit, all none removes it); synchronised into Slurm",
  body: SetQuotaBody,
  data: QuotaItem,
});
