import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { parseConfig } from '../../../config/load.js';
import type { Config } from '../../../config/schema.js';
import { openDatabase, type DbHandle } from '../../../db/database.js';
import { migrateToLatest } from '../../../db/migrate.js';
import { createTestStorage } from '../../../test/test-storage.js';
import type { SubmitSpec } from '../types.js';
import { LocalScheduler, type LocalSchedulerOptions } from './local-scheduler.js';
import type { LocalSettings } from './topology.js';

/*
 * For the local scheduler's tests: a data folder and a fresh database (SQLite in the folder, or a
 * fresh PostgreSQL schema when DATABASE_URL points at one), which can be opened again to play a
 * server restart.
 */

/** Four nodes of 8 cores in one default partition "compute" (32 cores). */
export const TEST_CLUSTER: Pick<LocalSettings, 'nodes' | 'partitions'> = {
  nodes: [{ name: 'node[01-04]', cpus: 8, memoryMB: 16000, gpus: 0 }],
  partitions: [{ name: 'compute', nodes: ['node[01-04]'], default: true, maxTime: '24:00:00', defaultTime: '01:00:00' }],
};

export interface LocalTestEnv {
  /** The portal configuration naming this database and data folder. */
  config: Config;
  dataDir: string;
  homeRoot: string;
  /** Opens (again) the same database, migrated. */
  openDb(): Promise<DbHandle>;
  /** A scheduler on this folder and an open database. */
  scheduler(db: DbHandle, over?: Partial<LocalSchedulerOptions>): LocalScheduler;
  /** Removes the folder and the database. */
  dispose(): Promise<void>;
}

export const createLocalTestEnv = (): LocalTestEnv => {
  const storage = createTestStorage('portal-local-');
  const { dataDir } = storage;
  const homeRoot = join(dataDir, 'home');
  const config = parseConfig({
    dataDir,
    database: storage.database,
    logLevel: 'silent',
  });
  return {
    config,
    dataDir,
    homeRoot,
    openDb: async () => {
      const handle = await openDatabase(config);
      await migrateToLatest(handle);
      return handle;
    },
    scheduler: (db, over = {}) =>
      new LocalScheduler({ db: db.db, clusterId: 'local', config: TEST_CLUSTER, dataDir, homeRoot, ...over }),
    dispose: () => storage.dispose(),
  };
};

/** The scheduler a test file shares, with its folder and database (set once the file's tests start). */
export interface SharedLocalScheduler {
  env: LocalTestEnv;
  db: DbHandle;
  scheduler: LocalScheduler;
}

/**
 * Starts one scheduler on a fresh folder and database before the file's tests; after them kills
 * its jobs (no process outlives the run), stops it and removes the folder and the database.
 */
export const useLocalScheduler = (over: Partial<LocalSchedulerOptions> = {}): SharedLocalScheduler => {
  const shared: Partial<SharedLocalScheduler> = {};
  beforeAll(async () => {
    shared.env = createLocalTestEnv();
    shared.db = await shared.env.openDb();
    shared.scheduler = shared.env.scheduler(shared.db, over);
  });
  afterAll(async () => {
    await shared.scheduler?.shutdownJobs();
    await shared.scheduler?.close();
    await shared.db?.close();
    await shared.env?.dispose();
  });
  // Read only inside the tests and hooks, once beforeAll has filled it.
  return shared as SharedLocalScheduler;
};

/** A one-core job to the partition `compute`, in `workDir`, that sleeps for ten minutes (its time limit) unless `over` gives a script. */
export const testSpec = (workDir: string, over: Partial<SubmitSpec> = {}): SubmitSpec => ({
  name: 'job',
  partition: 'compute',
  nodes: 1,
  cores: 1,
  gpus: 0,
  memoryMB: 0,
  timeLimit: 600,
  workDir,
  script: '#!/bin/bash\nsleep 600\n',
  ...over,
});
