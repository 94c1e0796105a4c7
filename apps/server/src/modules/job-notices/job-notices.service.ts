import { z } from 'zod';
import {
  DEFAULT_JOB_NOTICE_SUBSCRIPTION,
  JOB_NOTICE_STATES,
  JOB_NOTICES_RECENT_LIMIT,
  JobNoticeState,
  type JobNotice,
  type JobNoticesRecent,
  type JobNoticeSubscription,
} from '@portal/shared';
import type { JobNoticeSubscriptionRow } from '../../db/job-notice-tables.js';
import type { Database, JobRow, NewJobRow } from '../../db/types.js';
import { iso, isoOrNull, type Clock } from '../../lib/time.js';
import type { Kysely } from 'kysely';
import { jobEndMail } from './job-end-mail.js';
import { noticeStateOf, schedulerStatesOf } from './job-end-states.js';
import type { JobNoticesRepository, OutboxInsert } from './job-notices.repository.js';

/*
 * Job-end notices (docs/alarms.md "Job-end notices"). The mail is written to the notification
 * outbox in the ingest's transaction that stores the job (onJobsStored, the jobs repository's
 * hook), once per job by its idempotency key; the alarms' outbox sender delivers it. The toast is
 * the console polling `recent`.
 */

const DAY = 86_400_000;
/** A job that ended this long before it was stored (a first ingest's look back) is not news: no mail, no toast. */
export const STALE_MS = DAY;
/** The outbox's weight of a job notice: below most alarm rules' (80 and up in the examples). */
const WEIGHT = 50;

const StoredStates = z.array(JobNoticeState);

/** The stored states; none when the text is not a list of them. */
const parseStates = (text: string): JobNoticeState[] => {
  const states = StoredStates.safeParse(JSON.parse(text));
  return states.success ? states.data : [];
};

const toSubscription = (row: JobNoticeSubscriptionRow | undefined): JobNoticeSubscription =>
  row ? { mail: row.mail === 1, toast: row.toast === 1, states: parseStates(row.states) } : DEFAULT_JOB_NOTICE_SUBSCRIPTION;

/** The states in their canonical order, each once. */
const canonical = (states: readonly JobNoticeState[]) => JOB_NOTICE_STATES.filter((s) => states.includes(s));

const toNotice = (row: JobRow): JobNotice | null => {
  const state = noticeStateOf(row.scheduler_state);
  if (!state) return null;
  return {
    clusterId: row.cluster_id,
    jobId: row.job_id,
    name: row.name,
    queue: row.queue,
    state,
    schedulerState: row.scheduler_state,
    exitCode: row.exit_code,
    submitTime: iso(Number(row.submit_at)),
    startTime: isoOrNull(row.start_at === null ? null : Number(row.start_at)),
    endTime: iso(Number(row.end_at)),
    elapsed: Number(row.elapsed_s),
    storedAt: iso(Number(row.ingested_at)),
  };
};

/** The idempotency key of a job's mail: one per job (a job is its cluster, id and submit time). */
export const jobMailKey = (job: Pick<NewJobRow, 'cluster_id' | 'job_id' | 'submit_at'>): string =>
  `job:${job.cluster_id}:${job.job_id}:${Number(job.submit_at)}:mail`;

export class JobNoticesService {
  constructor(
    private readonly repo: JobNoticesRepository,
    private readonly clock: Clock,
  ) {}

  async subscription(userName: string): Promise<JobNoticeSubscription> {
    return toSubscription(await this.repo.subscription(userName));
  }

  async setSubscription(userName: string, sub: JobNoticeSubscription): Promise<JobNoticeSubscription> {
    await this.repo.saveSubscription({
      user_name: userName,
      mail: sub.mail ? 1 : 0,
      toast: sub.toast ? 1 : 0,
      states: JSON.stringify(canonical(sub.states)),
      updated_at: this.clock.now(),
    });
    return this.subscription(userName);
  }

  /** The user's jobs stored after `since` that ended in a subscribed state; none when toasts are off. */
  async recent(userName: string, since: string): Promise<JobNoticesRecent> {
    const now = this.clock.now();
    const sub = await this.subscription(userName);
    if (!sub.toast || sub.states.length === 0) return { now: iso(now), list: [] };
    const sinceMs = Date.parse(since);
    const rows = await this.repo.recent({
      userName,
      since: sinceMs,
      endedFrom: sinceMs - STALE_MS,
      states: schedulerStatesOf(sub.states),
      limit: JOB_NOTICES_RECENT_LIMIT,
    });
    return { now: iso(now), list: rows.map(toNotice).filter((n): n is JobNotice => n !== null) };
  }

  /**
   * The ingest hook: for each job new to the table whose owner subscribed to mail for its end
   * state and has an e-mail address, a mail into the outbox, in the ingest's transaction.
   */
  async onJobsStored(trx: Kysely<Database>, added: readonly NewJobRow[]): Promise<void> {
    const ended = added.flatMap((job) => {
      const state = noticeStateOf(job.scheduler_state);
      return state && job.ingested_at - job.end_at <= STALE_MS ? [{ job, state }] : [];
    });
    if (ended.length === 0) return;
    const owners = [...new Set(ended.map((e) => e.job.user_name))];
    const subscribers = new Map(
      (await this.repo.mailSubscribers(trx, owners)).map((s) => [s.user_name, { email: s.email, states: parseStates(s.states) }]),
    );
    if (subscribers.size === 0) return;
    const now = this.clock.now();
    const rows: OutboxInsert[] = [];
    for (const { job, state } of ended) {
      const s = subscribers.get(job.user_name);
      if (!s?.states.includes(state)) continue;
      const { subject, content } = jobEndMail(job, state);
      rows.push({
        idempotency_key: jobMailKey(job),
        rule_id: 0,
        rule_name: 'job-end',
        alarm_id: 0,
        weight: WEIGHT,
        channel: 'mail',
        recipients: s.email,
        subject,
        content,
        status: 'waiting',
        next_attempt_at: now,
        lease_until: null,
        last_error: null,
        created_at: now,
        updated_at: now,
        sent_at: null,
      });
    }
    await this.repo.insertOutbox(trx, rows);
  }
}
