import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config/load.js';
import { createTestStorage } from '../test/test-storage.js';
import { isPostgresUrl, openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

/*
 * Migrating on PostgreSQL while other sessions drop their schemas, as test files running two at a
 * time do when they end: Kysely's migrator reads every schema's catalogue first, and a schema
 * dropped meanwhile failed that read ("schema ... does not exist"; seen in CI). On SQLite there is
 * nothing to race with.
 */

const url = process.env.DATABASE_URL;

describe.skipIf(!isPostgresUrl(url))('migrations beside schemas being dropped (PostgreSQL)', () => {
  it('migrate fresh schemas while other schemas are made and dropped without pause', async () => {
    // Another test file's schemas, made and dropped the way the tests drop them (test-storage.ts).
    const churn = new pg.Client({ connectionString: url });
    await churn.connect();
    let running = true;
    let dropped = 0;
    const churning = (async () => {
      while (running) {
        const other = createTestStorage('portal-migrate-churn-');
        const schema = other.database.schema ?? '';
        await churn.query(`CREATE SCHEMA "${schema}"`);
        await churn.query(`CREATE TABLE "${schema}".t (a integer, b text, c bigint)`);
        await other.dispose();
        dropped++;
      }
    })();
    try {
      for (let round = 0; round < 6; round++) {
        const storage = createTestStorage('portal-migrate-race-');
        const h = await openDatabase(parseConfig({ dataDir: storage.dataDir, database: storage.database }));
        try {
          expect((await migrateToLatest(h)).length).toBeGreaterThan(10);
        } finally {
          await h.close();
          await storage.dispose();
        }
      }
    } finally {
      running = false;
      await churning;
      await churn.end();
    }
    expect(dropped).toBeGreaterThan(0);
  }, 120_000);
});
