import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/*
 * Companies and departments (a tree), billing/project accounts with their members, and each
 * user's department (issue 12). The users' old free-text company and department become units:
 * each company at the top, each department under its company; a department given without a
 * company goes under a company named "Unassigned". The text columns stay (unread) so nothing is
 * lost if the portal is rolled back.
 */

export const UNASSIGNED_COMPANY = 'Unassigned';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
type AnyDb = Kysely<any>;

export const up = async (db: AnyDb, dialect: Dialect): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigserial' : 'integer';
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable('org_units')
    .addColumn('id', idType, pk)
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('parent_id', 'bigint', (c) => c.references('org_units.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Unique among siblings; companies (no parent) count as siblings of each other.
  await sql`create unique index org_units_sibling_uq on org_units (coalesce(parent_id, 0), name)`.execute(db);
  await db.schema.createIndex('org_units_parent_idx').on('org_units').column('parent_id').execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', idType, pk)
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('description', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('owner_user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('org_unit_id', 'bigint', (c) => c.references('org_units.id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('Normal'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('accounts_org_idx').on('accounts').column('org_unit_id').execute();
  await db.schema.createIndex('accounts_owner_idx').on('accounts').column('owner_user_id').execute();

  await db.schema
    .createTable('account_members')
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addColumn('added_by', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_members_pk', ['account_id', 'user_id'])
    .execute();
  // A user's accounts in one indexed read (the check at submission).
  await db.schema.createIndex('account_members_user_idx').on('account_members').column('user_id').execute();
  // At most one default account per user (the service also keeps it so, in a transaction).
  await db.schema
    .createIndex('account_members_default_uq')
    .on('account_members')
    .column('user_id')
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('department_id', 'bigint', (c) => c.references('org_units.id'))
    .execute();
  await db.schema.createIndex('users_department_idx').on('users').column('department_id').execute();

  await convertFreeText(db);
};

/** The users' free-text company and department, as units; each user placed in theirs. */
const convertFreeText = async (db: AnyDb): Promise<void> => {
  const rows = (await db.selectFrom('users').select(['id', 'company', 'department']).execute()) as {
    id: number;
    company: string | null;
    department: string | null;
  }[];
  const now = Date.now();
  const units = new Map<string, number>();
  const unit = async (name: string, kind: 'company' | 'department', parentId: number | null): Promise<number> => {
    const key = `${parentId ?? 0}\u0000${name}`;
    const known = units.get(key);
    if (known !== undefined) return known;
    const row = (await db
      .insertInto('org_units')
      .values({ name, kind, parent_id: parentId, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number | string };
    const id = Number(row.id);
    units.set(key, id);
    return id;
  };
  for (const u of rows) {
    const company = (u.company ?? '').trim().slice(0, 64);
    const department = (u.department ?? '').trim().slice(0, 64);
    if (!company && !department) continue;
    const companyId = await unit(company || UNASSIGNED_COMPANY, 'company', null);
    const placeId = department ? await unit(department, 'department', companyId) : companyId;
    await db.updateTable('users').set({ department_id: placeId }).where('id', '=', u.id).execute();
  }
};
