import type { Kysely } from 'kysely';
import type { Database, OrgUnitRow } from '../../db/types.js';

/** What a unit holds directly: its departments, its users and its accounts. */
export interface UnitContents {
  departments: number;
  users: number;
  accounts: number;
}

/** Companies and departments (org_units), and what each holds. */
export class OrgRepository {
  constructor(private readonly db: Kysely<Database>) {}

  all(): Promise<OrgUnitRow[]> {
    return this.db.selectFrom('org_units').selectAll().orderBy('name').orderBy('id').execute();
  }

  findById(id: number): Promise<OrgUnitRow | undefined> {
    return this.db.selectFrom('org_units').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A unit of this name under this parent (companies: parent null), other than `exceptId`. */
  async siblingNamed(parentId: number | null, name: string, exceptId?: number): Promise<OrgUnitRow | undefined> {
    let q = this.db.selectFrom('org_units').selectAll().where('name', '=', name);
    q = parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return q.executeTakeFirst();
  }

  insert(unit: {
    name: string;
    kind: 'company' | 'department';
    parent_id: number | null;
    created_at: number;
  }): Promise<OrgUnitRow> {
    return this.db.insertInto('org_units').values(unit).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, change: { name?: string; parent_id?: number | null }): Promise<void> {
    await this.db.updateTable('org_units').set(change).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('org_units').where('id', '=', id).execute();
  }

  /** Per unit id: the departments, users and accounts directly in it (units holding nothing are absent). */
  async contents(): Promise<Map<number, UnitContents>> {
    const [children, users, accounts] = await Promise.all([
      this.db
        .selectFrom('org_units')
        .select(['parent_id as id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('parent_id', 'is not', null)
        .groupBy('parent_id')
        .execute(),
      this.db
        .selectFrom('users')
        .select(['department_id as id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('department_id', 'is not', null)
        .groupBy('department_id')
        .execute(),
      this.db
        .selectFrom('accounts')
        .select(['org_unit_id as id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('org_unit_id', 'is not', null)
        .groupBy('org_unit_id')
        .execute(),
    ]);
    const out = new Map<number, UnitContents>();
    const at = (id: number) => {
      let c = out.get(id);
      if (!c) out.set(id, (c = { departments: 0, users: 0, accounts: 0 }));
      return c;
    };
    for (const r of children) at(Number(r.id)).departments = Number(r.n);
    for (const r of users) at(Number(r.id)).users = Number(r.n);
    for (const r of accounts) at(Number(r.id)).accounts = Number(r.n);
    return out;
  }
}
