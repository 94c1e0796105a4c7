import { z } from 'zod';
import { defineContract } from '../contract.js';
import { Page } from '../envelope.js';
import { PagingInput, zInt, zOptionalText } from '../input.js';
import { DESCRIPTION_MAX } from '../validation.js';
import { AccountName } from './accounts.js';
import { Ok, OptionalClusterId, Timestamp } from './common.js';
import { parseQueueTime, QueueName } from './queues.js';
import { QUOTA_LIMIT_MAX } from './quotas.js';

/*
 * Applications (spec sections 1, 6 and 7: `/jm_approvemanangement/api/applications`, POST with a
 * method override). A user asks for more core-hours or card-hours, a longer run time for one of
 * their jobs (walltimeApply) or a queue for their account. Who decides:
 * - hours for a member who has a quota of their own: the account's owner (PI) or an administrator;
 * - hours for the account itself, and queue access: an administrator;
 * - a longer run time: the account's owner or an administrator.
 * Nobody decides their own application. On approval the change is made at once (the quota, the
 * job's time limit, the queue's allowed accounts) and reaches the scheduler; an approval that
 * cannot be made (the job has ended) leaves the application Failed with the reason.
 */

export const APPLICATION_KINDS = ['coreHours', 'cardHours', 'wallTime', 'queueAccess'] as const;
export const ApplicationKind = z.enum(APPLICATION_KINDS);
export type ApplicationKind = z.infer<typeof ApplicationKind>;

export const APPLICATION_STATES = ['Pending', 'Approved', 'Refused', 'Withdrawn', 'Failed'] as const;
export const ApplicationState = z.enum(APPLICATION_STATES);
export type ApplicationState = z.infer<typeof ApplicationState>;

/** The longest run time an application may ask for (Slurm's own largest is about 1 year). */
export const APPLICATION_MAX_TIME_S = 365 * 86_400;

export const ApplicationItem = z.object({
  applicationId: z.number().int(),
  kind: ApplicationKind,
  state: ApplicationState,
  applicant: z.string(),
  accountName: z.string(),
  /** Hours: whose limit grows ('user': the applicant's own quota in the account; 'account': the account's). */
  target: z.enum(['account', 'user']).nullable(),
  /** coreHours / cardHours: how many more hours. */
  hours: z.number().int().nullable(),
  clusterId: z.string().nullable(),
  /** wallTime: the job and the time limit asked for (seconds). */
  jobId: z.string().nullable(),
  timeLimit: z.number().int().nullable(),
  /** queueAccess: the queue the account asks to use. */
  queue: z.string().nullable(),
  reason: z.string(),
  /** The reviewer's remark ('' until decided). */
  remark: z.string(),
  /** Who decides: the account's owner or an administrator ('admin'), or an administrator only. */
  reviewer: z.enum(['ownerOrAdmin', 'admin']),
  /** The caller may approve or refuse it now. */
  canDecide: z.boolean(),
  decidedBy: z.string(),
  decidedAt: Timestamp.nullable(),
  /** Failed: why the approved change could not be made. */
  error: z.string(),
  createdAt: Timestamp,
});
export type ApplicationItem = z.infer<typeof ApplicationItem>;

export const ApplicationsQuery = PagingInput.extend({
  /** mine (default): the caller's applications; review: those the caller may decide or has decided. */
  scope: zOptionalText(z.enum(['mine', 'review'])),
  state: zOptionalText(ApplicationState),
  kind: zOptionalText(ApplicationKind),
  accountName: zOptionalText(z.string().max(64)),
});

export const listApplications = defineContract({
  id: 'applications.listApplications',
  method: 'GET',
  path: '/jm_approvemanangement/api/applications',
  permission: 'applications:create',
  methodOverridable: true,
  summary:
    "Applications, newest first: the caller's own, or (review) those of the accounts they own and, for administrators, all",
  query: ApplicationsQuery,
  data: Page(ApplicationItem),
});

const reason = z.string().trim().min(1, 'a reason is required').max(DESCRIPTION_MAX);
const hours = zInt().pipe(z.number().int().min(1).max(QUOTA_LIMIT_MAX));
/** A run time as `hh:mm:ss` or `d-hh:mm:ss`, or seconds. */
const runTime = z
  .union([zInt(), z.string().trim()])
  .transform((v) => (typeof v === 'number' ? v : parseQueueTime(v)))
  .pipe(z.number({ message: 'hh:mm:ss or d-hh:mm:ss' }).int().min(60).max(APPLICATION_MAX_TIME_S));

export const CreateApplicationBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('coreHours'), accountName: AccountName, hours, reason }),
  z.object({ kind: z.literal('cardHours'), accountName: AccountName, hours, reason }),
  z.object({
    kind: z.literal('wallTime'),
    clusterId: OptionalClusterId,
    jobId: z.string().regex(/^\d+$/),
    timeLimit: runTime,
    reason,
  }),
  z.object({ kind: z.literal('queueAccess'), clusterId: OptionalClusterId, accountName: AccountName, queue: QueueName, reason }),
]);
export type CreateApplicationBody = z.input<typeof CreateApplicationBody>;

export const createApplication = defineContract({
  id: 'applications.createApplication',
  method: 'POST',
  path: '/jm_approvemanangement/api/applications',
  permission: 'applications:create',
  methodOverridable: true,
  summary:
    'Apply for more core-hours or card-hours, a longer run time for a queued or running job (walltimeApply), or a queue for an account',
  body: CreateApplicationBody,
  data: ApplicationItem,
});

export const ApplicationParams = z.object({ applicationId: zInt().pipe(z.number().int().min(1)) });

export const DecideApplicationBody = z
  .object({
    decision: z.enum(['approve', 'refuse']),
    remark: zOptionalText(z.string().trim().max(DESCRIPTION_MAX)),
  })
  .refine((b) => b.decision === 'approve' || (b.remark ?? '') !== '', {
    message: 'a refusal needs a remark',
    path: ['remark'],
  });
export type DecideApplicationBody = z.input<typeof DecideApplicationBody>;

export const decideApplication = defineContract({
  id: 'applications.decideApplication',
  method: 'PUT',
  path: '/jm_approvemanangement/api/applications/:applicationId',
  permission: 'applications:review',
  methodOverridable: true,
  summary:
    "Approve (the change is made at once) or refuse (with a remark) a pending application: the account's owner or an administrator, never the applicant",
  params: ApplicationParams,
  body: DecideApplicationBody,
  data: ApplicationItem,
});

export const withdrawApplication = defineContract({
  id: 'applications.withdrawApplication',
  method: 'DELETE',
  path: '/jm_approvemanangement/api/applications/:applicationId',
  permission: 'applications:create',
  methodOverridable: true,
  summary: 'Withdraw one of your own applications while it is pending',
  params: ApplicationParams,
  data: Ok,
});
