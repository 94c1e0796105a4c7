import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/*
 * Aggregate alarm rules (issue 16, docs/alarms.md "Aggregation"): the rules in their scan order;
 * which alarms an aggregated alarm (status 3) holds and held; and, on an alarm, the open
 * aggregated alarm that hides it from the real-time list. One open aggregated alarm per rule and
 * group (its rule key), so two scans at once cannot open it twice.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export const up = async (db: Kysely<any>, dialect: Dialect): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigserial' : 'integer';
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('alarm_aggregate_rules')
    .addColumn('id', idType, pk)
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    // ["cpu.usage", ...]
    .addColumn('metrics', 'text', (c) => c.notNull())
    .addColumn('resource_type', 'varchar(32)')
    // [asset id, ...]; empty: any resource.
    .addColumn('resources', 'text', (c) => c.notNull())
    // none | resource | cluster
    .addColumn('group_by', 'varchar(16)', (c) => c.notNull())
    .addColumn('min_alarms', 'integer', (c) => c.notNull())
    .addColumn('min_severity', 'varchar(16)')
    .addColumn('suppress', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('description', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('alarm_aggregate_members')
    .addColumn('aggregate_id', 'bigint', (c) => c.notNull().references('alarms.id').onDelete('cascade'))
    .addColumn('alarm_id', 'bigint', (c) => c.notNull().references('alarms.id').onDelete('cascade'))
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addColumn('left_at', 'bigint')
    .addPrimaryKeyConstraint('alarm_aggregate_members_pk', ['aggregate_id', 'alarm_id'])
    .execute();
  await db.schema.createIndex('alarm_aggregate_members_alarm').on('alarm_aggregate_members').column('alarm_id').execute();
  await db.schema.alterTable('alarms').addColumn('suppressed_by', 'bigint').execute();
  await sql`create unique index alarms_open_aggregate on alarms (rule_key) where status = 3 and recovered_at is null`.execute(db);
};
