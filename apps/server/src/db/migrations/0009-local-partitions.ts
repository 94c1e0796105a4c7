import type { Kysely } from 'kysely';

/*
 * Queues the built-in scheduler keeps (queue management, docs/queues.md): partitions made in the
 * portal, beside those of the configuration file, so that they survive a restart.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('local_partitions')
    .addColumn('cluster_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    /** JSON array of node names. */
    .addColumn('nodes', 'text', (c) => c.notNull())
    .addColumn('max_time_s', 'bigint')
    .addColumn('default_time_s', 'bigint')
    .addColumn('max_nodes', 'integer')
    .addColumn('max_cores', 'integer')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(1))
    /** 'ALL' or a JSON array of account names. */
    .addColumn('allow_accounts', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('local_partitions_pk', ['cluster_id', 'name'])
    .execute();
};
