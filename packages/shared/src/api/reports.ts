import { z } from 'zod';
import { defineContract } from '../contract.js';
import { Page } from '../envelope.js';
import { PagingInput, zOptionalText } from '../input.js';
import { OptionalClusterId } from './common.js';

/*
 * Usage reports (spec section 1, "Reports and bills"): jobs, core- and card-seconds counted by the
 * job's end time, by user, account, queue, cluster, company or department, over whole days in the
 * centre's report time zone (`reports.timeZone` in portal.yaml). Answered from per-day rollups kept
 * at ingest (docs/reports.md). Seconds are exact integers; hours are for display only.
 */

/** A calendar day in the report time zone. */
export const ReportDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'not a day (YYYY-MM-DD)');

/** The longest range one report covers (a decade and its leap days). */
export const REPORT_MAX_DAYS = 3700;

export const REPORT_DIMENSIONS = ['user', 'account', 'queue', 'cluster', 'company', 'department'] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

export const REPORT_INTERVALS = ['day', 'week', 'month'] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];

/**
 * Whose usage: mine (the caller's own jobs), accounts (every member's jobs in the accounts the
 * caller owns, as PI), all (everyone's: roles holding reports:readAll).
 */
export const REPORT_SCOPES = ['mine', 'accounts', 'all'] as const;
export type ReportScope = (typeof REPORT_SCOPES)[number];

export const UsageFigures = z.object({
  jobs: z.number().int().nonnegative(),
  coreSeconds: z.number().int().nonnegative(),
  cardSeconds: z.number().int().nonnegative(),
});
export type UsageFigures = z.infer<typeof UsageFigures>;

/** The range, scope and filters every report call takes. */
export const UsageFilter = z.object({
  /** First day, inclusive. */
  from: ReportDay,
  /** Last day, inclusive. */
  to: ReportDay,
  scope: zOptionalText(z.enum(REPORT_SCOPES)).transform((v) => v ?? 'mine'),
  clusterId: OptionalClusterId,
  user: zOptionalText(z.string().max(64)),
  account: zOptionalText(z.string().max(64)),
  queue: zOptionalText(z.string().max(64)),
});

export const UsageSummaryQuery = UsageFilter.extend(PagingInput.shape).extend({
  groupBy: z.enum(REPORT_DIMENSIONS),
  /** Largest first; key: by name. */
  sortBy: zOptionalText(z.enum(['coreSeconds', 'cardSeconds', 'jobs', 'key'])).transform((v) => v ?? 'coreSeconds'),
});

export const UsageRow = UsageFigures.extend({
  /** The user, account, queue, cluster id, company or department ('' when the job had none). */
  key: z.string(),
});
export type UsageRow = z.infer<typeof UsageRow>;

export const UsageSummary = Page(UsageRow).extend({
  timeZone: z.string(),
  from: ReportDay,
  to: ReportDay,
  /** Every row's sum, not only the page's. */
  totals: UsageFigures,
});
export type UsageSummary = z.infer<typeof UsageSummary>;

export const usageSummary = defineContract({
  id: 'reports.usageSummary',
  method: 'GET',
  path: '/jm_report/api/usage',
  permission: 'reports:read',
  summary:
    'Jobs, core- and card-seconds by user, account, queue, cluster, company or department over whole days, by job end time',
  query: UsageSummaryQuery,
  data: UsageSummary,
});

export const UsageTrendQuery = UsageFilter.extend({
  interval: z.enum(REPORT_INTERVALS),
});

export const UsagePoint = UsageFigures.extend({
  /** The period's first day (weeks start on Monday); every period of the range is listed, empty ones with zeros. */
  period: ReportDay,
});
export type UsagePoint = z.infer<typeof UsagePoint>;

export const UsageTrend = z.object({
  timeZone: z.string(),
  from: ReportDay,
  to: ReportDay,
  points: z.array(UsagePoint),
});
export type UsageTrend = z.infer<typeof UsageTrend>;

export const usageTrend = defineContract({
  id: 'reports.usageTrend',
  method: 'GET',
  path: '/jm_report/api/usage/trend',
  permission: 'reports:read',
  summary: 'Jobs, core- and card-seconds per day, week or month of the range, by job end time',
  query: UsageTrendQuery,
  data: UsageTrend,
});
