/*
 * The answer of `jobs.preview` (the contract is in jobs.ts, with the submit body it shares): what a
 * submission would use, cost and leave of its quotas, and when it would start (docs/jobs.md).
 */
import { z } from 'zod';

/**
 * One hour-quota a job would count against, the tightest of the account's and the member's
 * (the one with the least left). Seconds: core- or card-seconds.
 */
export const JobPreviewQuota = z.object({
  /** Whose quota: the account's own (all members together) or the member's in the account. */
  scope: z.enum(['account', 'user']),
  account: z.string(),
  limitSeconds: z.number(),
  /** Used + reserved by queued and running jobs, what counts against the limit now. */
  countedSeconds: z.number(),
  /** Left before this job (never below zero). */
  leftBeforeSeconds: z.number(),
  /** Left if this job ran to its time limit (below zero: the job would be refused). */
  leftAfterSeconds: z.number(),
});
export type JobPreviewQuota = z.infer<typeof JobPreviewQuota>;

/** A refusal the submission would meet, as the real submit words it (errCode, reason, message, data). */
export const JobPreviewRefusal = z.object({
  errCode: z.number().int(),
  reason: z.string(),
  message: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type JobPreviewRefusal = z.infer<typeof JobPreviewRefusal>;

/**
 * What the job would cost at most in money: its core- and card-seconds at the price that would apply
 * (docs/bills.md: the most specific price for its cluster, queue and account class in force on the
 * day it would end if it ran to its time limit), rounded half up to cents once, as a bill does.
 */
export const JobPreviewCost = z.object({
  amountCents: z.number().int(),
  currency: z.string(),
  /** Per core-hour and card-hour, four decimals ('0.1200'). */
  coreHourPrice: z.string(),
  cardHourPrice: z.string(),
  /** The price row applied, or null when no price matches (the job costs nothing). */
  priceId: z.number().int().nullable(),
  /** The day whose price applies (YYYY-MM-DD, report time zone). */
  priceDay: z.string(),
});
export type JobPreviewCost = z.infer<typeof JobPreviewCost>;

export const JobPreview = z.object({
  /** The most the job may use: cores × time limit (it may end sooner). */
  coreSeconds: z.number(),
  /** GPUs × time limit. */
  cardSeconds: z.number(),
  /** The quotas that apply, or null when none does (no limit set on the account or the member). */
  quota: z
    .object({
      coreHours: JobPreviewQuota.nullable(),
      cardHours: JobPreviewQuota.nullable(),
    })
    .nullable(),
  /** When the scheduler expects the job to start if submitted now (epoch ms); null when it cannot say. */
  expectedStartAt: z.number().nullable(),
  /** Nodes the scheduler would start it on, when it says. */
  nodes: z.array(z.string()),
  /** The most it would cost in money; null when the centre sets no prices (it does not bill in money). */
  cost: JobPreviewCost.nullable(),
  /** Why the submission would be refused; empty when it would be taken. */
  refusals: z.array(JobPreviewRefusal),
});
export type JobPreview = z.infer<typeof JobPreview>;
