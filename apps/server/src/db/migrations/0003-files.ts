import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/* The file service: resumable uploads in progress, and the file-service window's sign-in tokens. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export const up = async (db: Kysely<any>, _dialect: Dialect): Promise<void> => {
  await db.schema
    .createTable('uploads')
    // Random id the client holds; only its owner may use it.
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('cluster_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('dir', 'text', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    // Bytes safely written so far: where the next chunk starts.
    .addColumn('received', 'bigint', (c) => c.notNull())
    .addColumn('temp_path', 'text', (c) => c.notNull())
    .addColumn('overwrite', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_resume_idx').on('uploads').columns(['user_id', 'cluster_id', 'name', 'size']).execute();
  await db.schema.createIndex('uploads_updated_idx').on('uploads').column('updated_at').execute();

  await db.schema
    .createTable('user_auth_tokens')
    // sha256 of the token: the database never holds one that could be redeemed.
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
};
