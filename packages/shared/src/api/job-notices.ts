import { z } from 'zod';
import { defineContract } from '../contract.js';
import { Timestamp } from './common.js';

/*
 * Job-end notices (issue 16, docs/alarms.md "Job-end notices"): each user subscribes to notices
 * of their own jobs that end, by mail and as a toast while signed in, for the end states chosen.
 */

/** How a job ended, as a notice names it (the scheduler's final states grouped). */
export const JOB_NOTICE_STATES = ['completed', 'failed', 'timeout', 'cancelled'] as const;
export const JobNoticeState = z.enum(JOB_NOTICE_STATES);
export type JobNoticeState = z.infer<typeof JobNoticeState>;

/** A user's subscription to notices of their own jobs. */
export const JobNoticeSubscription = z.object({
  /** Mail to the user's e-mail address when a job ends in one of `states`. */
  mail: z.boolean(),
  /** A toast in the console while signed in. */
  toast: z.boolean(),
  /** The end states told of; none tells of nothing. */
  states: z.array(JobNoticeState).max(JOB_NOTICE_STATES.length),
});
export type JobNoticeSubscription = z.infer<typeof JobNoticeSubscription>;

/** What a user who never chose is subscribed to: toasts of failures and time-outs. */
export const DEFAULT_JOB_NOTICE_SUBSCRIPTION: JobNoticeSubscription = { mail: false, toast: true, states: ['failed', 'timeout'] };

export const jobNoticesGetSubscription = defineContract({
  id: 'jobNotices.getSubscription',
  method: 'GET',
  path: '/jm_jobmanagement/api/jobnotices/subscription',
  permission: 'jobs:read',
  summary: "The caller's subscription to notices of their own jobs' ends (the defaults until changed)",
  data: JobNoticeSubscription,
});

export const jobNoticesPutSubscription = defineContract({
  id: 'jobNotices.putSubscription',
  method: 'PUT',
  path: '/jm_jobmanagement/api/jobnotices/subscription',
  permission: 'jobs:read',
  summary: "Sets the caller's subscription to notices of their own jobs' ends",
  body: JobNoticeSubscription,
  data: JobNoticeSubscription,
});

/** One of the caller's jobs that ended. */
export const JobNotice = z.object({
  clusterId: z.string(),
  jobId: z.string(),
  name: z.string(),
  queue: z.string(),
  state: JobNoticeState,
  /** The scheduler's own final state word (FAILED, TIMEOUT, ...). */
  schedulerState: z.string(),
  /** The exit code as the scheduler gives it ("1:0": code, then signal). */
  exitCode: z.string(),
  submitTime: Timestamp,
  startTime: Timestamp.nullable(),
  endTime: Timestamp,
  /** Seconds run. */
  elapsed: z.number().int(),
  /** When the portal stored (or last corrected) the job's record. */
  storedAt: Timestamp,
});
export type JobNotice = z.infer<typeof JobNotice>;

export const JobNoticesRecentQuery = z.object({
  /** Jobs stored after this time. */
  since: z.iso.datetime({ offset: true }),
});
export type JobNoticesRecentQuery = z.input<typeof JobNoticesRecentQuery>;

export const JOB_NOTICES_RECENT_LIMIT = 20;

export const JobNoticesRecent = z.object({
  /** The server's time of the read: where the next read may start (less an overlap, see the console's poller). */
  now: Timestamp,
  /** Newest first, at most JOB_NOTICES_RECENT_LIMIT; only the subscribed states; empty when toasts are off. */
  list: z.array(JobNotice),
});
export type JobNoticesRecent = z.infer<typeof JobNoticesRecent>;

export const jobNoticesRecent = defineContract({
  id: 'jobNotices.recent',
  method: 'GET',
  path: '/jm_jobmanagement/api/jobnotices/recent',
  permission: 'jobs:read',
  summary: "The caller's jobs that ended and were stored after `since`, for the console's toasts",
  query: JobNoticesRecentQuery,
  data: JobNoticesRecent,
});
