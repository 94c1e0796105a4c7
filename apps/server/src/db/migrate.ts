import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DbHandle, Dialect } from './database.js';
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
  const migrator = new Migrator({
    db: handle.db,
    provider: new InCodeProvider(handle.dialect),
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
};
