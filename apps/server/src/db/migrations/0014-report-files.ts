import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/*
 * Report files (issue 13, docs/reports.md): usage reports written to xlsx or csv files in the
 * background. The table is also the queue: rows in state QUEUE wait, one RUNNING at a time. The
 * file itself lives at <dataDir>/report-files/<id>.<format>. The jobs table gets an index on
 * (end_at, id) for the per-job files' keyset pages.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export const up = async (db: Kysely<any>, dialect: Dialect): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigserial' : 'integer';
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('report_files')
    .addColumn('id', idType, pk)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    // xlsx | csv
    .addColumn('format', 'varchar(8)', (c) => c.notNull())
    // The request as the user made it (JSON), echoed in the API.
    .addColumn('filter', 'text', (c) => c.notNull())
    // The rows the report reads, the scope resolved when it was asked for (JSON).
    .addColumn('rows_where', 'text', (c) => c.notNull())
    // QUEUE | RUNNING | COMPLETED | DOWNLOAD | FAILED
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull())
    .addColumn('rows_done', 'bigint', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    // An error reason key (errors.reason.*).
    .addColumn('error', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('report_files_user_idx').on('report_files').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('report_files_state_idx').on('report_files').column('state').execute();
  // A per-job file reads the jobs of a range in pages by (end time, row id): each page starts in this index.
  await db.schema.createIndex('jobs_end_id_idx').on('jobs').columns(['end_at', 'id']).execute();
};
