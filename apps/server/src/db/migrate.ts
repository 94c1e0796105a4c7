import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { SCHEMA_DROP_LOCK, type DbHandle, type Dialect } from './database.js';
import type { Database } from './types.js';
import * as m0001 from './migrations/0001-foundation.js';
import * as m0002 from './migrations/0002-jobs.js';
import * as m0003 from './migrations/0003-files.js';
import * as m0004 from './migrations/0004-transfers.js';
import * as m0005 from './migrations/0005-contract-ids.js';
import * as m0006 from './migrations/0006-job-submissions.js';
import * as m0007 from './migrations/0007-temporary-passwords.js';
import * as m0008 from './migrations/0008-accounts.js';
import * as m0009 from './migrations/0009-local-partitions.js';
import * as m0010 from './migrations/0010-quotas.js';
import * as m0011 from './migrations/0011-usage-rollups.js';
import * as m0012 from './migrations/0012-usage-monthly.js';
import * as m0013 from './migrations/0013-bills.js';
import * as m0014 from './migrations/0014-report-files.js';
import * as m0015 from './migrations/0015-job-efficiency.js';
import * as m0016 from './migrations/0016-desktops.js';
import * as m0017 from './migrations/0017-assets.js';
import * as m0018 from './migrations/0018-metrics.js';
import * as m0019 from './migrations/0019-alarm-engine.js';
import * as m0020 from './migrations/0020-alarm-templates.js';
import * as m0021 from './migrations/0021-alarm-list.js';
import * as m0022 from './migrations/0022-notifications.js';
import * as m0023 from './migrations/0023-alarm-exports.js';
import * as m0024 from './migrations/0024-alarm-aggregation.js';
import * as m0025 from './migrations/0025-job-notices.js';
import * as m0026 from './migrations/0026-aggregate-notice-counts.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped handle
type Up = (db: Kysely<any>, dialect: Dialect) => Promise<void>;

/** Migrations in order; the same code runs on SQLite and PostgreSQL. */
const migrations: Record<string, { up: Up }> = {
  '0001-foundation': m0001,
  '0002-jobs': m0002,
  '0003-files': m0003,
  '0004-transfers': m0004,
  '0005-contract-ids': m0005,
  '0006-job-submissions': m0006,
  '0007-temporary-passwords': m0007,
  '0008-accounts': m0008,
  '0009-local-partitions': m0009,
  '0010-quotas': m0010,
  '0011-usage-rollups': m0011,
  '0012-usage-monthly': m0012,
  '0013-bills': m0013,
  '0014-report-files': m0014,
  '0015-job-efficiency': m0015,
  '0016-desktops': m0016,
  '0017-assets': m0017,
  '0018-metrics': m0018,
  '0019-alarm-engine': m0019,
  '0020-alarm-templates': m0020,
  '0021-alarm-list': m0021,
  '0022-notifications': m0022,
  '0023-alarm-exports': m0023,
  '0024-alarm-aggregation': m0024,
  '0025-job-notices': m0025,
  '0026-aggregate-notice-counts': m0026,
};

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(
      Object.fromEntries(Object.entries(migrations).map(([name, m]) => [name, { up: (db) => m.up(db, this.dialect) }])),
    );
  }
}

/** Brings the schema up to date; throws with the failing migration's error. */
export const migrateToLatest = async (handle: DbHandle): Promise<string[]> => {
  if (handle.dialect !== 'postgres') return migrate(handle.db, handle);
  // Shared with every other migration; a schema is dropped only under the exclusive lock (tests).
  return handle.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock_shared(${SCHEMA_DROP_LOCK})`.execute(conn);
    try {
      return await migrate(conn, handle);
    } finally {
      await sql`select pg_advisory_unlock_shared(${SCHEMA_DROP_LOCK})`.execute(conn);
    }
  });
};

const migrate = async (db: Kysely<Database>, handle: DbHandle): Promise<string[]> => {
  const migrator = new Migrator({
    db,
    provider: new InCodeProvider(handle.dialect),
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (error && attempt < SCHEMA_GONE_ATTEMPTS && isOtherSchemaGone(error, handle.schema)) continue;
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  }
};

/*
 * Before migrating, Kysely's migrator reads the catalogue of every schema; a schema that another
 * session drops meanwhile fails that read with 3F000 ("schema ... does not exist"). Tests do that
 * all the time (each file has a schema, dropped when it ends, two files at once): they drop under
 * SCHEMA_DROP_LOCK, which migrations hold shared. A drop by anyone else is read again.
 */
const SCHEMA_GONE_ATTEMPTS = 5;
const isOtherSchemaGone = (error: unknown, ours: string | undefined): boolean =>
  error instanceof Error &&
  'code' in error &&
  error.code === '3F000' &&
  !(ours !== undefined && error.message.includes(`"${ours}"`));
