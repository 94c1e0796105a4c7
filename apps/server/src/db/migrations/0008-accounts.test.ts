import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config/load.js';
import { createTestStorage, type TestStorage } from '../../test/test-storage.js';
import { openDatabase, type DbHandle } from '../database.js';
import * as m0001 from './0001-foundation.js';
import * as m0002 from './0002-jobs.js';
import * as m0003 from './0003-files.js';
import * as m0004 from './0004-transfers.js';
import * as m0005 from './0005-contract-ids.js';
import * as m0006 from './0006-job-submissions.js';
import * as m0007 from './0007-temporary-passwords.js';
import { up, UNASSIGNED_COMPANY } from './0008-accounts.js';

/* Migration 0008 on a database of the release before: free-text company and department become units. */

describe('migration 0008: accounts, companies and departments', () => {
  let storage: TestStorage;
  let handle: DbHandle;
  /** Today's tables, with the users' text columns of before 0008 (kept, unread). */
  const legacy = (h: DbHandle) => h.db.withTables<{ users: { company: string; department: string } }>();
  let db: ReturnType<typeof legacy>;
  beforeAll(async () => {
    storage = createTestStorage('portal-m0008-');
    handle = await openDatabase(parseConfig({ dataDir: storage.dataDir, database: storage.database, logLevel: 'silent' }));
    db = legacy(handle);
    for (const m of [m0001, m0002, m0003, m0004, m0005, m0006, m0007]) await m.up(db, handle.dialect);
    const user = (name: string, company: string, department: string) => ({
      user_name: name,
      password_hash: 'x',
      role_id: 10002,
      status: 'active',
      email: '',
      phone_num: '',
      desc_info: '',
      group_name: '',
      refuse_reason: '',
      company,
      department,
      created_at: 1,
      password_changed_at: 1,
    });
    await db
      .insertInto('users')
      .values([
        user('ann', 'Institute of Physics', 'Theory'),
        user('ben', 'Institute of Physics', 'Theory'),
        user('cat', ' Institute of Physics ', 'Experiment'),
        user('dan', 'Chemistry Lab', ''),
        user('eve', '', 'Lonely Dept'),
        user('fay', '', ''),
      ])
      .execute();
    await up(db, handle.dialect);
  });
  afterAll(async () => {
    await handle.close();
    await storage.dispose();
  });

  it('makes each company a top unit and each department a unit under its company, and places every user', async () => {
    const units = await db.selectFrom('org_units').select(['id', 'name', 'kind', 'parent_id']).execute();
    const byName = (name: string) => units.find((u) => u.name === name);
    const physics = byName('Institute of Physics');
    expect(physics).toMatchObject({ kind: 'company', parent_id: null });
    expect(byName('Theory')).toMatchObject({ kind: 'department', parent_id: physics?.id });
    expect(byName('Experiment')).toMatchObject({ kind: 'department', parent_id: physics?.id });
    expect(byName('Chemistry Lab')).toMatchObject({ kind: 'company', parent_id: null });
    const unassigned = byName(UNASSIGNED_COMPANY);
    expect(byName('Lonely Dept')).toMatchObject({ kind: 'department', parent_id: unassigned?.id });
    // The same names (trimmed) make one unit, not one per user.
    expect(units.filter((u) => u.name === 'Institute of Physics')).toHaveLength(1);
    expect(units).toHaveLength(6);

    const placed = Object.fromEntries(
      (await db.selectFrom('users').select(['user_name', 'department_id']).execute()).map((u) => [
        u.user_name,
        u.department_id === null ? null : Number(u.department_id),
      ]),
    );
    expect(placed).toEqual({
      ann: Number(byName('Theory')?.id),
      ben: Number(byName('Theory')?.id),
      cat: Number(byName('Experiment')?.id),
      dan: Number(byName('Chemistry Lab')?.id),
      eve: Number(byName('Lonely Dept')?.id),
      fay: null,
    });
  });

  it('keeps sibling names unique and lets a user have at most one default account', async () => {
    const physics = await db
      .selectFrom('org_units')
      .select('id')
      .where('name', '=', 'Institute of Physics')
      .executeTakeFirstOrThrow();
    await expect(
      db.insertInto('org_units').values({ name: 'Theory', kind: 'department', parent_id: physics.id, created_at: 1 }).execute(),
    ).rejects.toThrow();
    await expect(
      db.insertInto('org_units').values({ name: 'Chemistry Lab', kind: 'company', parent_id: null, created_at: 1 }).execute(),
    ).rejects.toThrow();

    const ann = await db.selectFrom('users').select('id').where('user_name', '=', 'ann').executeTakeFirstOrThrow();
    const account = (name: string) =>
      db
        .insertInto('accounts')
        .values({ name, description: '', owner_user_id: ann.id, status: 'Normal', created_at: 1, updated_at: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
    const a = await account('proj_a');
    const b = await account('proj_b');
    const member = (accountId: number, isDefault: number) => ({
      account_id: accountId,
      user_id: ann.id,
      is_default: isDefault,
      added_at: 1,
      added_by: 'x',
    });
    await db.insertInto('account_members').values(member(a.id, 1)).execute();
    await expect(db.insertInto('account_members').values(member(b.id, 1)).execute()).rejects.toThrow();
    await db.insertInto('account_members').values(member(b.id, 0)).execute();
  });
});
