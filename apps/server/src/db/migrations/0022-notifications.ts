import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/*
 * Alarm notifications (issue 16, docs/alarms.md "Notifications"): notification rules (a name unique
 * per rule type, a scope by type, a content template, an interval, a weight), their contacts (an
 * email or a phone number per row, each once per rule), and the outbox the alarm engine writes in
 * the transaction that changes the alarm, which the sender delivers from (mail and SMS), each row
 * once per idempotency key.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export const up = async (db: Kysely<any>, dialect: Dialect): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigserial' : 'integer';
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('notification_rules')
    .addColumn('id', idType, pk)
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    // indicatorAlarm | indicatorRecovery | aggregateAlarm | aggregateRecovery | asset | assetType | alarmLevel | durationLevel
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    // The text sent, with {placeholders}; '' for the built-in text.
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('interval_minutes', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    // {assetIds?, assetTypes?, severities?, metrics?, durationMinutes?, severity?, floatAmount?}, as the type needs.
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .addUniqueConstraint('notification_rules_type_name', ['type', 'name'])
    .execute();
  await db.schema
    .createTable('notification_contacts')
    .addColumn('id', idType, pk)
    .addColumn('rule_id', 'bigint', (c) => c.notNull().references('notification_rules.id').onDelete('cascade'))
    // mail | sms
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('address', 'varchar(128)', (c) => c.notNull())
    .addUniqueConstraint('notification_contacts_once', ['rule_id', 'channel', 'address'])
    .execute();
  await db.schema
    .createTable('notification_outbox')
    .addColumn('id', idType, pk)
    // rule:alarm:kind:sequence:channel; a batch applied twice inserts nothing twice.
    .addColumn('idempotency_key', 'varchar(128)', (c) => c.notNull().unique())
    // No foreign keys: a record outlives its rule, and the alarm it told of.
    .addColumn('rule_id', 'bigint', (c) => c.notNull())
    .addColumn('rule_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('alarm_id', 'bigint', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    // mail | sms
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    // Comma-separated addresses or phone numbers.
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    // waiting | sending | success | failure
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('notification_outbox_due')
    .on('notification_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('notification_outbox_channel')
    .on('notification_outbox')
    .columns(['channel', 'created_at'])
    .execute();
};
