import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/* Finished jobs from accounting, the ingest watermark per cluster, and the local scheduler's jobs. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export const up = async (db: Kysely<any>, dialect: Dialect): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigserial' : 'integer';
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable('jobs')
    .addColumn('id', idType, pk)
    .addColumn('cluster_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('job_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(256)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_group', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('account', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('queue', 'varchar(64)', (c) => c.notNull())
    .addColumn('scheduler_state', 'varchar(32)', (c) => c.notNull())
    .addColumn('exit_status', 'varchar(16)', (c) => c.notNull())
    .addColumn('exit_code', 'varchar(16)', (c) => c.notNull())
    // 0 when the scheduler did not say: part of the key, because job ids repeat after a reset.
    .addColumn('submit_at', 'bigint', (c) => c.notNull())
    .addColumn('eligible_at', 'bigint')
    .addColumn('start_at', 'bigint')
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('elapsed_s', 'bigint', (c) => c.notNull())
    .addColumn('time_limit_s', 'bigint')
    .addColumn('nodes', 'integer', (c) => c.notNull())
    .addColumn('cpus', 'integer', (c) => c.notNull())
    .addColumn('gpus', 'integer', (c) => c.notNull())
    .addColumn('node_list', 'text', (c) => c.notNull())
    .addColumn('memory_mb', 'bigint')
    .addColumn('max_rss_mb', 'bigint')
    .addColumn('cpu_time_s', 'bigint')
    .addColumn('core_seconds', 'bigint', (c) => c.notNull())
    .addColumn('card_seconds', 'bigint', (c) => c.notNull())
    .addColumn('work_dir', 'text', (c) => c.notNull())
    .addColumn('restart_count', 'integer', (c) => c.notNull())
    .addColumn('exclusive', 'integer', (c) => c.notNull())
    .addColumn('ingested_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('jobs_cluster_job_submit_uq', ['cluster_id', 'job_id', 'submit_at'])
    .execute();
  await db.schema.createIndex('jobs_cluster_end_idx').on('jobs').columns(['cluster_id', 'end_at']).execute();
  await db.schema.createIndex('jobs_user_end_idx').on('jobs').columns(['user_name', 'end_at']).execute();

  await db.schema
    .createTable('ingest_watermarks')
    .addColumn('cluster_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('watermark', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('local_jobs')
    .addColumn('id', idType, pk)
    .addColumn('cluster_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(256)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('account', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('partition', 'varchar(64)', (c) => c.notNull())
    .addColumn('state', 'varchar(2)', (c) => c.notNull())
    .addColumn('scheduler_state', 'varchar(32)', (c) => c.notNull())
    .addColumn('reason', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('priority', 'bigint', (c) => c.notNull())
    .addColumn('submit_at', 'bigint', (c) => c.notNull())
    .addColumn('start_at', 'bigint')
    .addColumn('end_at', 'bigint')
    .addColumn('time_limit_s', 'bigint', (c) => c.notNull())
    .addColumn('nodes', 'integer', (c) => c.notNull())
    .addColumn('cpus', 'integer', (c) => c.notNull())
    .addColumn('gpus', 'integer', (c) => c.notNull())
    .addColumn('memory_mb', 'bigint', (c) => c.notNull())
    .addColumn('node_list', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('work_dir', 'text', (c) => c.notNull())
    .addColumn('script', 'text', (c) => c.notNull())
    .addColumn('stdout_path', 'text', (c) => c.notNull())
    .addColumn('stderr_path', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer')
    .addColumn('exit_code', 'varchar(16)')
    .addColumn('exit_status', 'varchar(16)')
    .addColumn('held', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('suspended_at', 'bigint')
    .addColumn('suspended_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('restart_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cpu_time_s', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // Bumped by every write: readers re-read only the rows that changed.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('local_jobs_state_idx').on('local_jobs').columns(['cluster_id', 'state']).execute();
  await db.schema.createIndex('local_jobs_end_idx').on('local_jobs').columns(['cluster_id', 'end_at']).execute();
};
