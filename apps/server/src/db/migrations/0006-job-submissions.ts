import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/*
 * What the portal's submission recorded for each job (script, resources, working folder, the
 * application template): accounting does not keep it, and a finished job's details show it.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export const up = async (db: Kysely<any>, dialect: Dialect): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigserial' : 'integer';
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('job_submissions')
    .addColumn('id', idType, pk)
    .addColumn('cluster_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('job_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
    // The application template the form was filled from (BASE, VASP, ...); null when none was named.
    .addColumn('template', 'varchar(64)')
    .addColumn('queue', 'varchar(64)', (c) => c.notNull())
    .addColumn('nodes', 'integer', (c) => c.notNull())
    .addColumn('cores', 'integer', (c) => c.notNull())
    .addColumn('gpus', 'integer', (c) => c.notNull())
    .addColumn('memory_mb', 'bigint', (c) => c.notNull())
    .addColumn('time_limit_s', 'bigint', (c) => c.notNull())
    .addColumn('work_dir', 'text', (c) => c.notNull())
    .addColumn('account', 'varchar(64)')
    .addColumn('script', 'text', (c) => c.notNull())
    // The job's command as the scheduler said it right after the submission ('' when it did not).
    .addColumn('command', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_submissions_job_idx').on('job_submissions').columns(['cluster_id', 'job_id']).execute();
};
