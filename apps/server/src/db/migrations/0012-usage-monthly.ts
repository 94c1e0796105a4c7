import { sql, type Kysely } from 'kysely';

/*
 * Monthly usage rollups (issue 13): per (dimension, month, cluster, key) sums of usage_daily, so a
 * report over a long range reads few rows. month is YYYYMM of the report zone, taken from the
 * daily day key (day / 100), so it agrees exactly with usage_daily; dim is 'user', 'account' or
 * 'queue' and key that column's value. Kept in the same transaction and from the same deltas as
 * usage_daily. usage_daily may already hold rows: they are summed into the new table here
 * (integer division truncates alike in SQLite and PostgreSQL for the positive day keys).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
type AnyDb = Kysely<any>;

const dims = { user: 'user_name', account: 'account', queue: 'queue' } as const;

export const up = async (db: AnyDb): Promise<void> => {
  await db.schema
    .createTable('usage_monthly')
    .addColumn('dim', 'varchar(8)', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('cluster_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('jobs', 'bigint', (c) => c.notNull())
    .addColumn('core_seconds', 'bigint', (c) => c.notNull())
    .addColumn('card_seconds', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_monthly_pk', ['dim', 'month', 'cluster_id', 'key'])
    .execute();
  await fillMonthly(db);
};

/** Sums the rows of usage_daily into an empty usage_monthly. */
export const fillMonthly = async (db: AnyDb): Promise<void> => {
  for (const [dim, column] of Object.entries(dims)) {
    await db
      .insertInto('usage_monthly')
      .columns(['dim', 'month', 'cluster_id', 'key', 'jobs', 'core_seconds', 'card_seconds'])
      .expression(
        db
          .selectFrom('usage_daily')
          .select((eb) => [
            sql.lit(dim).as('dim'),
            sql<number>`day / 100`.as('month'),
            'cluster_id',
            eb.ref(column).as('key'),
            eb.fn.sum('jobs').as('jobs'),
            eb.fn.sum('core_seconds').as('core_seconds'),
            eb.fn.sum('card_seconds').as('card_seconds'),
          ])
          .groupBy([sql`day / 100`, 'cluster_id', column]),
      )
      .execute();
  }
};
