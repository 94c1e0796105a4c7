import { userInfo } from 'node:os';
import { join } from 'node:path';
import { runSchedulerContract } from '../scheduler-contract.test-support.js';
import { createLocalTestEnv } from './local-env.test-support.js';

/*
 * The contract every adapter passes, against the built-in scheduler with its default settings.
 * Jobs run as the server's own account, so the contract's "alice", whose jobs must say
 * `id -un` = alice, is that account; "bob" is any other portal user.
 */

const alice = userInfo().username;
const bob = alice === 'bob' ? 'bobby' : 'bob';

runSchedulerContract('local', async () => {
  const env = createLocalTestEnv();
  const db = await env.openDb();
  const adapter = env.scheduler(db);
  const info = await adapter.clusterInfo();
  const compute = info.partitions.find((p) => p.name === 'compute');
  return {
    adapter,
    alice,
    bob,
    workDirOf: (user) => join(env.homeRoot, user, 'contract'),
    partition: 'compute',
    totalCores: compute?.totalCores ?? 0,
    minTimeLimit: 2,
    timeLimitGraceMs: 5000,
    cleanup: async () => {
      await adapter.shutdownJobs();
      await adapter.close();
      await db.close();
      await env.dispose();
    },
  };
});
