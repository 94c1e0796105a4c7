import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/*
 * The embedded metric store (issue 15, docs/metrics.md): series, the list of raw day tables, and
 * the 5-minute and 1-hour rollups. The raw day tables themselves are made by the store as days come.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export const up = async (db: Kysely<any>, dialect: Dialect): Promise<void> => {
  await db.schema
    .createTable('metric_series')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('cluster_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('resource', 'varchar(128)', (c) => c.notNull())
    .addColumn('metric', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('metric_series_uq')
    .on('metric_series')
    .columns(['cluster_id', 'resource', 'metric'])
    .unique()
    .execute();
  await db.schema
    .createTable('metric_partitions')
    .addColumn('day', 'integer', (c) => c.primaryKey())
    .execute();
  for (const level of ['5m', '1h']) {
    // On SQLite the rows are kept in key order (series, time), so a series' range is read in one
    // sweep instead of a lookup per row (bench/metrics).
    const table = db.schema.createTable(`metric_rollup_${level}`);
    await (dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table)
      .addColumn('series_id', 'integer', (c) => c.notNull())
      .addColumn('ts', 'bigint', (c) => c.notNull())
      .addColumn('min', 'double precision', (c) => c.notNull())
      .addColumn('max', 'double precision', (c) => c.notNull())
      .addColumn('sum', 'double precision', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint(`metric_rollup_${level}_pk`, ['series_id', 'ts'])
      .execute();
    await db.schema.createIndex(`metric_rollup_${level}_ts`).on(`metric_rollup_${level}`).column('ts').execute();
  }
  await db.schema
    .createTable('metric_rollup_state')
    .addColumn('level', 'varchar(8)', (c) => c.primaryKey())
    .addColumn('done_until', 'bigint', (c) => c.notNull())
    .execute();
};
