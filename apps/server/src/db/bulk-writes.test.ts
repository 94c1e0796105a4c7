import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config/load.js';
import { dailyWrites, type DailyRow } from '../modules/jobs/usage-daily.js';
import { usageTotalsWrite, type UsageDelta } from '../modules/jobs/usage-totals.js';
import { createTestStorage, type TestStorage } from '../test/test-storage.js';
import { runBulkWrites } from './bulk-writes.js';
import { openDatabase, type DbHandle } from './database.js';
import { migrateToLatest } from './migrate.js';
import type { Database } from './types.js';

/*
 * Bulk writes add the same rows whichever way they go: one statement (PostgreSQL), statements of a
 * few rows (PostgreSQL past its chunk size), or a statement a row (SQLite, its SQL compiled once);
 * SQLite, and PostgreSQL when DATABASE_URL is set.
 */
describe('bulk writes', () => {
  let storage: TestStorage;
  let h: DbHandle;

  const deltas = (n: number, jobs: number): UsageDelta[] =>
    Array.from({ length: n }, (_, i) => ({
      account: `bw_a${i % 3}`,
      user_name: `bw_u${i}`,
      core_seconds: 10 * i,
      card_seconds: i,
      jobs,
    }));
  const daily = (n: number): DailyRow[] =>
    Array.from({ length: n }, (_, i) => ({
      day: 20260101,
      cluster_id: 'bw',
      user_name: `bw_u${i}`,
      account: 'bw_a',
      queue: 'bw_q',
      jobs: 1,
      core_seconds: 10 * i,
      card_seconds: i,
    }));
  const sums = async () => ({
    totals: (await h.db.selectFrom('usage_totals').selectAll().orderBy('user_name').execute()).map((r) => [
      r.account,
      r.user_name,
      Number(r.core_seconds),
      Number(r.card_seconds),
      Number(r.jobs),
    ]),
    daily: (await h.db.selectFrom('usage_daily').selectAll().orderBy('user_name').execute()).map((r) => [
      r.user_name,
      Number(r.day),
      Number(r.core_seconds),
      Number(r.jobs),
    ]),
    monthly: (await h.db.selectFrom('usage_monthly').selectAll().where('dim', '=', 'queue').execute()).map((r) => [
      r.key,
      Number(r.month),
      Number(r.core_seconds),
      Number(r.jobs),
    ]),
  });

  beforeAll(async () => {
    storage = createTestStorage('portal-bulk-writes-');
    h = await openDatabase(parseConfig({ dataDir: storage.dataDir, database: storage.database }));
    await migrateToLatest(h);
  });
  afterAll(async () => {
    await h.close();
    await storage.dispose();
  });

  it('adds the same sums in one statement and in chunks of two rows', async () => {
    const writes = (db: Kysely<Database>) => [usageTotalsWrite(db, deltas(7, 1)), ...dailyWrites(db, daily(5))];
    await h.db.transaction().execute((trx) => runBulkWrites(trx, writes(trx)));
    // Again: the sums double whichever way the rows go.
    await h.db.transaction().execute((trx) => runBulkWrites(trx, writes(trx), 2));
    const got = await sums();
    expect(got.totals).toHaveLength(7);
    expect(got.totals[6]).toEqual(['bw_a0', 'bw_u6', 120, 12, 2]);
    expect(got.daily).toHaveLength(5);
    expect(got.daily[4]).toEqual(['bw_u4', 20260101, 80, 2]);
    expect(got.monthly).toEqual([['bw_q', 202601, 200, 10]]);
  });
});
