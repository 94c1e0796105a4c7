import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/*
 * The alarm engine's memory (issue 16, docs/alarms.md): the state of each (resource, metric, rule)
 * and the alarms it raised, written in one transaction, so a restart neither raises an alarm twice
 * nor loses one.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export const up = async (db: Kysely<any>, dialect: Dialect): Promise<void> => {
  await db.schema
    .createTable('alarms')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('cluster_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('resource', 'varchar(128)', (c) => c.notNull())
    .addColumn('metric', 'varchar(64)', (c) => c.notNull())
    .addColumn('rule_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('severity', 'varchar(16)', (c) => c.notNull())
    .addColumn('peak_severity', 'varchar(16)', (c) => c.notNull())
    .addColumn('value', 'double precision')
    .addColumn('raised_at', 'bigint', (c) => c.notNull())
    .addColumn('recovered_at', 'bigint')
    .addColumn('recovery_value', 'double precision')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('alarms_open').on('alarms').columns(['recovered_at', 'cluster_id']).execute();
  await db.schema.createIndex('alarms_raised').on('alarms').column('raised_at').execute();
  await db.schema
    .createTable('alarm_states')
    .addColumn('cluster_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('resource', 'varchar(128)', (c) => c.notNull())
    .addColumn('metric', 'varchar(64)', (c) => c.notNull())
    .addColumn('rule_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('last_time', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('misses', 'integer', (c) => c.notNull())
    .addColumn('missing', 'integer', (c) => c.notNull())
    .addColumn('alarm_id', 'integer')
    .addColumn('no_data_alarm_id', 'integer')
    .addPrimaryKeyConstraint('alarm_states_pk', ['cluster_id', 'resource', 'metric', 'rule_key'])
    .execute();
};
