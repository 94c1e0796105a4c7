import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { isPostgresUrl, SCHEMA_DROP_LOCK } from '../db/database.js';

/*
 * Where one test keeps its data: a fresh folder, and a database of its own in it (SQLite), or a
 * fresh PostgreSQL schema when DATABASE_URL points at a server. Both go again on dispose().
 */

const pgUrl = process.env.DATABASE_URL;
const usingPostgres = isPostgresUrl(pgUrl);

export interface TestStorage {
  dataDir: string;
  /** The `database` part of the portal configuration. */
  database: { url: string; schema?: string | undefined };
  dispose(): Promise<void>;
}

export const createTestStorage = (prefix: string): TestStorage => {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const schema = usingPostgres ? `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}` : undefined;
  return {
    dataDir,
    database: pgUrl && schema ? { url: pgUrl, schema } : { url: join(dataDir, 'portal.db') },
    dispose: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      if (!pgUrl || !schema) return;
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      // Not while a migration reads the catalogue of every schema (db/migrate.ts).
      await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_DROP_LOCK]);
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  };
};
