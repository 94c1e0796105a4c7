import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { up } from './0005-contract-ids.js';

describe('migration 0005: contract ids of one word per area', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('renames the actions of audit lines written under the old ids and leaves the rest', async () => {
    const line = (action: string) => ({
      at: 1,
      user_name: 'someone',
      role_id: null,
      action,
      method: 'POST',
      path: '/x',
      ip: '127.0.0.1',
      result: 'success',
      err_code: 0,
      target: '',
    });
    const db = t.app.services.db;
    await db
      .insertInto('audit_log')
      .values(['main.modifyPwd', 'eshell.openSession', 'config.updateSettings', 'users.approveUser'].map(line))
      .execute();
    await up(db);
    const actions = (
      await db.selectFrom('audit_log').select('action').where('user_name', '=', 'someone').orderBy('id').execute()
    ).map((r) => r.action);
    expect(actions).toEqual(['profile.modifyPwd', 'shell.openSession', 'settings.updateSettings', 'users.approveUser']);
  });
});
