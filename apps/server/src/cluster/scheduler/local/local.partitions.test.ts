import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../db/database.js';
import { createLocalTestEnv, type LocalTestEnv } from './local-env.test-support.js';

/* Queues made in the portal stay after a restart of the server: a new instance reads them from local_partitions. */

describe('local scheduler: partitions made in the portal', () => {
  let env: LocalTestEnv;
  let db: DbHandle;
  beforeAll(async () => {
    env = createLocalTestEnv();
    db = await env.openDb();
  });
  afterAll(async () => {
    await db.close();
    await env.dispose();
  });

  it('keeps a partition and its limits across a restart, and forgets it once deleted', async () => {
    const first = env.scheduler(db);
    await first.createPartition({
      name: 'kept_q',
      nodes: ['node03', 'node04'],
      maxTime: 7200,
      defaultTime: 600,
      maxNodes: 1,
      maxCoresPerJob: 4,
      priority: 3,
      allowAccounts: ['proj_a'],
      state: 'down',
    });
    await first.close();

    const second = env.scheduler(db);
    const kept = (await second.clusterInfo()).partitions.find((p) => p.name === 'kept_q');
    expect(kept).toMatchObject({
      managed: true,
      nodes: ['node03', 'node04'],
      maxTime: 7200,
      defaultTime: 600,
      maxNodes: 1,
      maxCoresPerJob: 4,
      priority: 3,
      allowAccounts: ['proj_a'],
      state: 'down',
      totalCores: 16,
    });
    await second.deletePartition('kept_q');
    await second.close();

    const third = env.scheduler(db);
    expect((await third.clusterInfo()).partitions.map((p) => p.name)).toEqual(['compute']);
    await third.close();
  });
});
