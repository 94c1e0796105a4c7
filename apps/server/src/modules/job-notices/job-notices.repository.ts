import type { Insertable, Kysely } from 'kysely';
import type { NotificationOutboxTable } from '../../db/alarm-tables.js';
import type { JobNoticeSubscriptionRow } from '../../db/job-notice-tables.js';
import type { Database, JobRow } from '../../db/types.js';

/* Job-end notice subscriptions (migration 0025), the jobs a toast tells of, and the mail's outbox rows. */

export type OutboxInsert = Insertable<NotificationOutboxTable>;

export interface MailSubscriber {
  user_name: string;
  states: string;
  email: string;
}

/** Rows per statement: the outbox has 17 columns, the owners' list one parameter each. */
const CHUNK = 500;

const chunks = <T>(xs: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += CHUNK) out.push(xs.slice(i, i + CHUNK));
  return out;
};

export class JobNoticesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  subscription(userName: string): Promise<JobNoticeSubscriptionRow | undefined> {
    return this.db.selectFrom('job_notice_subscriptions').selectAll().where('user_name', '=', userName).executeTakeFirst();
  }

  async saveSubscription(row: JobNoticeSubscriptionRow): Promise<void> {
    const { user_name: _, ...rest } = row;
    await this.db
      .insertInto('job_notice_subscriptions')
      .values(row)
      .onConflict((oc) => oc.column('user_name').doUpdateSet(rest))
      .execute();
  }

  /** Of these users, those subscribed to mail who have an e-mail address (in the ingest's transaction). */
  async mailSubscribers(trx: Kysely<Database>, userNames: readonly string[]): Promise<MailSubscriber[]> {
    const out: MailSubscriber[] = [];
    for (const part of chunks(userNames))
      out.push(
        ...(await trx
          .selectFrom('job_notice_subscriptions as s')
          .innerJoin('users as u', 'u.user_name', 's.user_name')
          .select(['s.user_name', 's.states', 'u.email'])
          .where('s.mail', '=', 1)
          .where('u.email', '<>', '')
          .where('s.user_name', 'in', part)
          .execute()),
      );
    return out;
  }

  /** Writes the notices once per idempotency key: an ingest repeated writes nothing twice. */
  async insertOutbox(trx: Kysely<Database>, rows: readonly OutboxInsert[]): Promise<void> {
    for (const part of chunks(rows))
      await trx
        .insertInto('notification_outbox')
        .values(part)
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
  }

  /**
   * A user's jobs stored after `since` in these scheduler states, newest first. `endedFrom` bounds
   * the end time too, so the read walks the (user_name, end_at) index, not all the user's jobs.
   */
  recent(q: { userName: string; since: number; endedFrom: number; states: readonly string[]; limit: number }): Promise<JobRow[]> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('user_name', '=', q.userName)
      .where('end_at', '>=', q.endedFrom)
      .where('ingested_at', '>', q.since)
      .where((eb) =>
        eb.or([
          eb('scheduler_state', 'in', q.states),
          // "CANCELLED by 1001": Slurm names who cancelled.
          ...(q.states.includes('CANCELLED') ? [eb('scheduler_state', 'like', 'CANCELLED %')] : []),
        ]),
      )
      .orderBy('ingested_at', 'desc')
      .orderBy('end_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.limit)
      .execute();
  }
}
