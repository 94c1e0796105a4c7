import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/*
 * Quotas, the usage they are counted against, and applications (issue 12).
 * - quotas: one row per account (user_id 0: the account's own) or per member within an account;
 *   a limit left null is no limit.
 * - usage_totals: core- and card-seconds of finished jobs per (account, user), kept in step with
 *   the jobs table in the same transaction as each ingest, so the check at submission is one
 *   indexed read however many jobs the history holds.
 * - applications: requests for more hours, a longer run time or a queue, and their decision.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
type AnyDb = Kysely<any>;

export const up = async (db: AnyDb, dialect: Dialect): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigserial' : 'integer';
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable('quotas')
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    /** 0: the account's own quota; else a member's within the account. */
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('core_hours_limit', 'bigint')
    .addColumn('card_hours_limit', 'bigint')
    .addColumn('max_running_jobs', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('quotas_pk', ['account_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('usage_totals')
    /** As the jobs table holds it (the scheduler's account name, '' when none). */
    .addColumn('account', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('core_seconds', 'bigint', (c) => c.notNull())
    .addColumn('card_seconds', 'bigint', (c) => c.notNull())
    .addColumn('jobs', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_totals_pk', ['account', 'user_name'])
    .execute();
  // The totals start from the history already ingested.
  await db
    .insertInto('usage_totals')
    .columns(['account', 'user_name', 'core_seconds', 'card_seconds', 'jobs'])
    .expression(
      db
        .selectFrom('jobs')
        .select((eb) => [
          'account',
          'user_name',
          eb.fn.sum<number>('core_seconds').as('core_seconds'),
          eb.fn.sum<number>('card_seconds').as('card_seconds'),
          eb.fn.countAll<number>().as('jobs'),
        ])
        .groupBy(['account', 'user_name']),
    )
    .execute();

  await db.schema
    .createTable('applications')
    .addColumn('id', idType, pk)
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('applicant_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    /** 'account' | 'user' for hours; null otherwise. */
    .addColumn('target', 'varchar(8)')
    .addColumn('hours', 'bigint')
    .addColumn('cluster_id', 'varchar(64)')
    .addColumn('job_id', 'varchar(32)')
    .addColumn('time_limit_s', 'bigint')
    .addColumn('queue', 'varchar(64)')
    .addColumn('reason', 'varchar(256)', (c) => c.notNull())
    .addColumn('remark', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    /** 'ownerOrAdmin' | 'admin' */
    .addColumn('reviewer', 'varchar(16)', (c) => c.notNull())
    .addColumn('decided_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_at', 'bigint')
    .addColumn('error', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('applications_applicant_idx').on('applications').columns(['applicant_id', 'created_at']).execute();
  await db.schema.createIndex('applications_account_idx').on('applications').columns(['account_id', 'state']).execute();
};
