import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Config } from '../config/schema.js';
import type { Database } from './types.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema in use (migrations keep their bookkeeping table there). */
  schema: string | undefined;
  close(): Promise<void>;
}

// COUNT(*) and bigint columns come back as strings from pg; every such value here fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * A PostgreSQL advisory lock key: migrations hold it shared, and a schema is dropped (by the tests,
 * each file having its own) only holding it exclusively, as the migrator reads every schema's catalogue.
 */
export const SCHEMA_DROP_LOCK = 7_341_902;

export const isPostgresUrl = (url: string | undefined): boolean => !!url && /^postgres(ql)?:\/\//.test(url);

const openPostgres = async (url: string, schema: string | undefined): Promise<DbHandle> => {
  if (schema) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', schema, close: () => db.destroy() };
};

/**
 * The database file is the server account's alone (600; SQLite gives its -wal and -shm files the
 * same mode): in local mode as root, users' accounts can pass through the data folder to reach
 * their homes.
 */
const ownOnly = (file: string): void => {
  if (file === ':memory:') return;
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
};

/**
 * The connection as Kysely sees it, keeping the last STATEMENTS prepared statements by their SQL:
 * Kysely prepares every query anew, and parsing a statement (an ingest's upserts, a page's query)
 * can cost more than running it. Kysely runs one query at a time on the connection, so a kept
 * statement is never asked for while it runs.
 */
const STATEMENTS = 200;
const reusingStatements = (sqlite: SQLite.Database): SqliteDatabase => {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (text) => {
      let statement = kept.get(text);
      if (statement) kept.delete(text);
      else statement = sqlite.prepare(text);
      kept.set(text, statement); // the most recently used last
      if (kept.size > STATEMENTS) kept.delete(kept.keys().next().value as string);
      return statement;
    },
  };
};

/** The page cache of the server's SQLite connection, in KiB. */
export const SQLITE_CACHE_KIB = 65_536;
/** WAL pages (4 KiB) between automatic checkpoints. */
export const SQLITE_CHECKPOINT_PAGES = 16_384;

const openSqlite = (file: string): DbHandle => {
  ownOnly(file);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  // Ingest rewrites the same index and rollup pages batch after batch. SQLite's defaults (a 2 MB
  // page cache, a checkpoint every 4 MB of WAL) copied them into the database file at nearly every
  // commit; with 64 MB of each, a checkpoint comes every dozen or so batches and writes each page
  // once. bench/reports/sqlite-settings.ts: 4,700 → 10,500 jobs/s at 10 million jobs.
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  sqlite.pragma(`wal_autocheckpoint = ${SQLITE_CHECKPOINT_PAGES}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: reusingStatements(sqlite) }) });
  return { db, dialect: 'sqlite', schema: undefined, close: () => db.destroy() };
};

/** Opens the configured database: PostgreSQL for a postgres:// URL, else SQLite in the data folder. */
export const openDatabase = async (config: Config): Promise<DbHandle> => {
  const url = config.database.url;
  if (url && isPostgresUrl(url)) return openPostgres(url, config.database.schema);
  if (url === ':memory:') return openSqlite(':memory:');
  if (url) return openSqlite(resolve(url.replace(/^sqlite:\/\//, '')));
  const dir = resolve(config.dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return openSqlite(join(dir, 'portal.db'));
};
