import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/*
 * The asset inventory (issue 15, docs/resources.md): every asset of spec section 3 in one table,
 * compute nodes imported from the schedulers beside what operators enter. A BMC password is
 * sealed with the server's secret key, like the users' private keys.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export const up = async (db: Kysely<any>, dialect: Dialect): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigserial' : 'integer';
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('assets')
    .addColumn('id', idType, pk)
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    // '' for assets that belong to no cluster (rooms, racks, switches): unique keys need a value.
    .addColumn('cluster_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('model', 'varchar(128)')
    .addColumn('location', 'varchar(128)')
    .addColumn('serial_number', 'varchar(128)')
    .addColumn('manage_ip', 'varchar(255)')
    .addColumn('compute_ip', 'varchar(255)')
    .addColumn('ipmi_ip', 'varchar(255)')
    .addColumn('ipmi_port', 'integer')
    .addColumn('ipmi_user', 'varchar(32)')
    .addColumn('ipmi_password_sealed', 'text')
    .addColumn('room', 'varchar(128)')
    .addColumn('rack', 'varchar(128)')
    .addColumn('position', 'integer')
    .addColumn('height', 'integer')
    .addColumn('parent_id', 'bigint', (c) => c.references('assets.id'))
    // scheduler (a compute node imported from the cluster's scheduler) | manual
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('in_scheduler', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assets_name_uq').on('assets').columns(['cluster_id', 'type', 'name']).unique().execute();
  await db.schema.createIndex('assets_type_idx').on('assets').columns(['type', 'name']).execute();
  await db.schema.createIndex('assets_parent_idx').on('assets').column('parent_id').execute();
};
