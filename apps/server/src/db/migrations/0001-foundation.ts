import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/* Users, sessions, sign-in throttling, captchas, password resets, audit log, settings, keys. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export const up = async (db: Kysely<any>, dialect: Dialect): Promise<void> => {
  // An auto-numbered primary key: bigserial in PostgreSQL, INTEGER PRIMARY KEY AUTOINCREMENT in SQLite.
  const idType = dialect === 'postgres' ? 'bigserial' : 'integer';
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable('users')
    .addColumn('id', idType, pk)
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('email', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone_num', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('desc_info', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('group_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('department', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('refuse_reason', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('approved_at', 'bigint')
    .addColumn('approved_by', 'varchar(64)')
    .addColumn('last_login_at', 'bigint')
    .addColumn('password_changed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_status_idx').on('users').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('csrf_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_seen_idx').on('sessions').column('last_seen_at').execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('answer', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('verified_at', 'bigint')
    .execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', idType, pk)
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('role_id', 'integer')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('path', 'varchar(512)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('result', 'varchar(16)', (c) => c.notNull())
    .addColumn('err_code', 'integer', (c) => c.notNull())
    .addColumn('target', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('audit_at_idx').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_user_at_idx').on('audit_log').columns(['user_name', 'at']).execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_keys')
    .addColumn('id', idType, pk)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('fingerprint', 'varchar(128)', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key_enc', 'text')
    .addColumn('origin', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('user_keys_user_fp_uq', ['user_id', 'fingerprint'])
    .execute();
  // One portal-made key pair per user: two first downloads at the same moment cannot make two.
  await db.schema
    .createIndex('user_keys_portal_uq')
    .on('user_keys')
    .column('user_id')
    .unique()
    .where(sql.ref('origin'), '=', 'portal')
    .execute();
};
