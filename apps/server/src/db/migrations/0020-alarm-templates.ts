import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/*
 * Alarm threshold templates (issue 16, docs/alarms.md): a template, the assets it holds (each in
 * one template at most: the primary key is the asset) and its indicators, one per metric. An
 * asset removed from the inventory leaves its template with it.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export const up = async (db: Kysely<any>, dialect: Dialect): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigserial' : 'integer';
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('alarm_templates')
    .addColumn('id', idType, pk)
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('resource_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('description', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('alarm_template_resources')
    .addColumn('asset_id', 'bigint', (c) => c.primaryKey().references('assets.id').onDelete('cascade'))
    .addColumn('template_id', 'bigint', (c) => c.notNull().references('alarm_templates.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('alarm_template_resources_template').on('alarm_template_resources').column('template_id').execute();
  await db.schema
    .createTable('alarm_template_indicators')
    .addColumn('id', idType, pk)
    .addColumn('template_id', 'bigint', (c) => c.notNull().references('alarm_templates.id').onDelete('cascade'))
    .addColumn('metric', 'varchar(64)', (c) => c.notNull())
    .addColumn('alarm_count', 'integer', (c) => c.notNull())
    .addColumn('recovery_count', 'integer', (c) => c.notNull())
    .addColumn('no_data_count', 'integer')
    // [{severity, op, value?, low?, high?}], as the API gives them.
    .addColumn('levels', 'text', (c) => c.notNull())
    .addUniqueConstraint('alarm_template_indicators_metric', ['template_id', 'metric'])
    .execute();
};
