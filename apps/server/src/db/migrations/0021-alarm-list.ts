import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/*
 * The alarm list (issue 16, docs/alarms.md): the condition an alarm's severity was hit by, kept
 * with the alarm (a template changed later does not rewrite it); confirmation, with every confirm
 * and unconfirm kept in an append-only log; and the metric snapshot an hour either side of the
 * raise, kept with the alarm so it outlives the raw samples' retention.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export const up = async (db: Kysely<any>, dialect: Dialect): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigserial' : 'integer';
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema.alterTable('alarms').addColumn('condition_op', 'varchar(8)').execute();
  await db.schema.alterTable('alarms').addColumn('threshold', 'varchar(64)').execute();
  await db.schema
    .alterTable('alarms')
    .addColumn('confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('alarms').addColumn('confirmed_by', 'varchar(64)').execute();
  await db.schema.alterTable('alarms').addColumn('confirmed_at', 'bigint').execute();
  await db.schema.alterTable('alarms').addColumn('confirm_remark', 'varchar(128)').execute();
  await db.schema
    .createTable('alarm_confirmations')
    .addColumn('id', idType, pk)
    .addColumn('alarm_id', 'bigint', (c) => c.notNull().references('alarms.id').onDelete('cascade'))
    // confirm | unconfirm
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('remark', 'varchar(128)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alarm_confirmations_alarm').on('alarm_confirmations').column('alarm_id').execute();
  await db.schema
    .createTable('alarm_snapshots')
    .addColumn('alarm_id', 'bigint', (c) => c.primaryKey().references('alarms.id').onDelete('cascade'))
    .addColumn('from_ms', 'bigint', (c) => c.notNull())
    .addColumn('to_ms', 'bigint', (c) => c.notNull())
    .addColumn('step_seconds', 'integer', (c) => c.notNull())
    // [{time, value}], the alarm's metric of its resource.
    .addColumn('points', 'text', (c) => c.notNull())
    .execute();
};
