import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/*
 * Job-end notices (issue 16, docs/alarms.md "Job-end notices"): each user's subscription to
 * notices of their own jobs' ends. A user without a row has the defaults (no mail, toasts of
 * failures and time-outs). The mail itself goes through notification_outbox (0022).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export const up = async (db: Kysely<any>, _dialect: Dialect): Promise<void> => {
  await db.schema
    .createTable('job_notice_subscriptions')
    .addColumn('user_name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('mail', 'integer', (c) => c.notNull())
    .addColumn('toast', 'integer', (c) => c.notNull())
    // ["failed", "timeout"]: among completed | failed | timeout | cancelled.
    .addColumn('states', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
};
