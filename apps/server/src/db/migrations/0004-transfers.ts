import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/* Across-center transfers: one row per transfer, with its progress (docs/files.md). */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export const up = async (db: Kysely<any>, dialect: Dialect): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigserial' : 'integer';
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('transfers')
    .addColumn('id', idType, pk)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('from_cluster', 'varchar(64)', (c) => c.notNull())
    .addColumn('to_cluster', 'varchar(64)', (c) => c.notNull())
    // JSON array of absolute source paths.
    .addColumn('paths', 'text', (c) => c.notNull())
    .addColumn('to_path', 'text', (c) => c.notNull())
    // queued | running | done | failed | cancelled
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('bytes_total', 'bigint', (c) => c.notNull())
    .addColumn('bytes_done', 'bigint', (c) => c.notNull())
    .addColumn('files_total', 'integer', (c) => c.notNull())
    .addColumn('files_done', 'integer', (c) => c.notNull())
    .addColumn('current_file', 'text')
    // An error reason key (errors.reason.*).
    .addColumn('error', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema.createIndex('transfers_user_idx').on('transfers').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('transfers_state_idx').on('transfers').column('state').execute();
};
