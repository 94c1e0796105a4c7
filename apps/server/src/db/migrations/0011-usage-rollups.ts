import type { Kysely } from 'kysely';

/*
 * Usage rollups for reports (issue 13): per (day, cluster, user, account, queue) sums of the
 * finished jobs, by end time, the day taken in the report time zone (`reports.timeZone`). Kept in
 * step with the jobs table inside each ingest's transaction, as usage_totals is.
 * - usage_daily: day is the calendar day as the integer YYYYMMDD.
 * - usage_rollup_state: the time zone the rows were counted in (one row); the server rebuilds the
 *   rollups from the jobs table when it is missing or differs from the configured zone, so this
 *   migration starts them empty.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
type AnyDb = Kysely<any>;

export const up = async (db: AnyDb): Promise<void> => {
  await db.schema
    .createTable('usage_daily')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('cluster_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('account', 'varchar(64)', (c) => c.notNull())
    .addColumn('queue', 'varchar(64)', (c) => c.notNull())
    .addColumn('jobs', 'bigint', (c) => c.notNull())
    .addColumn('core_seconds', 'bigint', (c) => c.notNull())
    .addColumn('card_seconds', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_daily_pk', ['day', 'cluster_id', 'user_name', 'account', 'queue'])
    .execute();
  // A user's or an account's own report reads only their rows.
  await db.schema.createIndex('usage_daily_user_idx').on('usage_daily').columns(['user_name', 'day']).execute();
  await db.schema.createIndex('usage_daily_account_idx').on('usage_daily').columns(['account', 'day']).execute();

  await db.schema
    .createTable('usage_rollup_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('rebuilt_at', 'bigint', (c) => c.notNull())
    .execute();
};
