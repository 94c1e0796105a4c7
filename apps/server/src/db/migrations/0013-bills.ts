import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/*
 * Bills (issue 13, docs/bills.md). Money is kept exact: prices in ten-thousandths of the currency
 * per hour (…_e4), amounts as the integer numerator Σ seconds × price_e4, in units of 1/36,000,000
 * of the currency (3600 s × 10^4); cents appear only when a total is rounded.
 * - prices: per core-hour and card-hour for a cluster, queue and account class ('' = any), from a day (YYYYMMDD).
 * - billing_accounts: an account's class, by the account name jobs carry (also names the scheduler
 *   knows and the portal does not), so the accounts module's table stays as it is.
 * - bills / bill_lines: a month's issued bill (YYYYMM) and its lines, one per job, never rewritten.
 * - ledger: deposits and job charges (balances); a job is charged once: unique per (cluster, job id, submit time).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
type AnyDb = Kysely<any>;

export const up = async (db: AnyDb, dialect: Dialect): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigserial' : 'integer';
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable('prices')
    .addColumn('id', idType, pk)
    .addColumn('cluster_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('queue', 'varchar(64)', (c) => c.notNull())
    .addColumn('account_class', 'varchar(32)', (c) => c.notNull())
    .addColumn('core_hour_price_e4', 'bigint', (c) => c.notNull())
    .addColumn('card_hour_price_e4', 'bigint', (c) => c.notNull())
    .addColumn('effective_from', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addUniqueConstraint('prices_target_day_uq', ['cluster_id', 'queue', 'account_class', 'effective_from'])
    .execute();

  await db.schema
    .createTable('billing_accounts')
    .addColumn('account_name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('account_class', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('bills')
    .addColumn('id', idType, pk)
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('account_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('currency', 'varchar(16)', (c) => c.notNull())
    .addColumn('jobs', 'bigint', (c) => c.notNull())
    .addColumn('core_seconds', 'bigint', (c) => c.notNull())
    .addColumn('card_seconds', 'bigint', (c) => c.notNull())
    .addColumn('numerator', 'bigint', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('issued_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('remark', 'varchar(128)', (c) => c.notNull())
    .addColumn('superseded_by', 'bigint')
    .addUniqueConstraint('bills_account_period_version_uq', ['account_name', 'period', 'version'])
    .execute();
  await db.schema.createIndex('bills_period_idx').on('bills').columns(['period', 'account_name']).execute();

  await db.schema
    .createTable('bill_lines')
    .addColumn('id', idType, pk)
    .addColumn('bill_id', 'bigint', (c) => c.notNull().references('bills.id').onDelete('cascade'))
    .addColumn('cluster_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('job_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('job_name', 'varchar(256)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('account', 'varchar(64)', (c) => c.notNull())
    .addColumn('queue', 'varchar(64)', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('cores', 'integer', (c) => c.notNull())
    .addColumn('cards', 'integer', (c) => c.notNull())
    .addColumn('seconds', 'bigint', (c) => c.notNull())
    .addColumn('core_seconds', 'bigint', (c) => c.notNull())
    .addColumn('card_seconds', 'bigint', (c) => c.notNull())
    .addColumn('core_hour_price_e4', 'bigint', (c) => c.notNull())
    .addColumn('card_hour_price_e4', 'bigint', (c) => c.notNull())
    .addColumn('price_id', 'bigint')
    .addColumn('numerator', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bill_lines_bill_idx').on('bill_lines').columns(['bill_id', 'end_at']).execute();

  await db.schema
    .createTable('ledger')
    .addColumn('id', idType, pk)
    .addColumn('account_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('numerator', 'bigint', (c) => c.notNull())
    .addColumn('cluster_id', 'varchar(64)')
    .addColumn('job_id', 'varchar(64)')
    .addColumn('job_submit_at', 'bigint')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('by_user', 'varchar(64)', (c) => c.notNull())
    .addColumn('remark', 'varchar(128)', (c) => c.notNull())
    .addUniqueConstraint('ledger_job_uq', ['cluster_id', 'job_id', 'job_submit_at'])
    .execute();
  await db.schema.createIndex('ledger_account_idx').on('ledger').columns(['account_name', 'id']).execute();
};
